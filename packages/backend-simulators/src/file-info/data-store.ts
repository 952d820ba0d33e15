import multipart from "@fastify/multipart";
import { defineModule } from "../framework/module.js";
import { backendScope } from "../framework/problems.js";
import type { FileInfoContext } from "./caller-view.js";
import { dataInfoStatus } from "./errors.js";
import { lenientJsonBodies } from "./lenient-json.js";
import { type MetadataLocation, MetadataService } from "./metadata-service.js";
import type { NavigationState } from "./navigation.js";
import { avuRoutes } from "./routes/avus.js";
import { contentRoutes } from "./routes/contents.js";
import { dataPathRoutes } from "./routes/data-paths.js";
import { directoryRoutes } from "./routes/directories.js";
import { exportRoutes } from "./routes/exports.js";
import { fileTypeRoutes } from "./routes/file-types.js";
import { moveRoutes } from "./routes/moves.js";
import { navigationTreeRoutes } from "./routes/navigation-tree.js";
import { pathListRoutes } from "./routes/path-lists.js";
import { permissionRoutes } from "./routes/permissions.js";
import { sharingRoutes } from "./routes/sharing.js";
import { statRoutes } from "./routes/stats.js";
import { ticketRoutes } from "./routes/tickets.js";
import { trashRoutes } from "./routes/trash.js";
import { uploadRoutes } from "./routes/uploads.js";
import { seededStore } from "./seed.js";
import type { DataStore } from "./store.js";

/** Uploads of any size the simulator's disk takes (the body limit does not apply to streamed parts). */
const MAX_UPLOAD_BYTES = 8 * 1024 ** 3;

const ROUTE_FAMILIES = [
  dataPathRoutes,
  uploadRoutes,
  directoryRoutes,
  navigationTreeRoutes,
  statRoutes,
  moveRoutes,
  trashRoutes,
  contentRoutes,
  ticketRoutes,
  permissionRoutes,
  sharingRoutes,
  fileTypeRoutes,
  avuRoutes,
  exportRoutes,
  pathListRoutes,
];

/**
 * File-info backend: the data store (real files under a temporary folder, the catalogue in memory) and
 * every data-info route the gateway calls, the items' metadata-service AVUs kept by the metadata service at
 * `metadata`. Its folder is removed on reset and dispose, and at exit.
 */
export const dataStore = (metadata: MetadataLocation) =>
  defineModule<DataStore>({
    makeState: seededStore,
    dispose: (store) => store.disk.remove(),
    async routes(app, state, all) {
      const context: FileInfoContext = {
        store: state,
        users: () => (all().navigation as NavigationState).users,
        metadata: new MetadataService(metadata),
      };
      // @fastify/busboy reads UTF-8 file names itself (busboy's defParamCharset is not needed).
      await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
      await backendScope(
        app,
        (scope) => {
          lenientJsonBodies(scope);
          for (const register of ROUTE_FAMILIES) register(scope, context);
        },
        { statusOf: dataInfoStatus },
      );
    },
  });
