import type { FastifyInstance } from "fastify";
import { answers } from "../../framework/answers.js";
import { NavigationFolder, NavigationRoot } from "../answer-schemas.js";
import { type FileInfoContext, viewFor } from "../caller-view.js";
import { navigationFolder } from "../formats.js";
import { BASE_TRASH_PATH, IRODS_HOME, userHomePath, userTrashPath } from "../navigation.js";
import { COMMUNITY_DATA } from "../paths.js";
import { canRead } from "../permissions.js";
import { trashOf } from "../trashing.js";
import { pathOfUrl } from "./data-paths.js";

/**
 * `GET /navigation/root`: the caller's home, community data, the shared-with-me root (`/iplant/home`)
 * and the caller's trash (made when missing, as data-info does), with their base paths; `GET /navigation/path/{zone}/{path}`: a folder and
 * the subfolders the caller can read.
 */
export function navigationTreeRoutes(app: FastifyInstance, context: FileInfoContext) {
  app.get("/navigation/root", answers({ 200: NavigationRoot }), async (request) => {
    const view = viewFor(request, context);
    const roots = [userHomePath(view.user), COMMUNITY_DATA, IRODS_HOME].map((path) =>
      view.readable(view.entryAt(path)),
    );
    return {
      roots: [...roots, trashOf(view)].map((entry) => navigationFolder(entry, view.user)),
      "base-paths": {
        user_home_path: userHomePath(view.user),
        user_trash_path: userTrashPath(view.user),
        base_trash_path: BASE_TRASH_PATH,
      },
    };
  });

  app.get("/navigation/path/:zone/*", answers({ 200: NavigationFolder }), async (request) => {
    const view = viewFor(request, context);
    const folder = view.folder(view.seenAt(pathOfUrl(request, "/navigation/path")));
    const subfolders = view.store.catalogue
      .childrenOf(folder.path)
      .filter((child) => child.type === "dir" && canRead(child, view.user))
      .sort((a, b) => a.path.localeCompare(b.path, "en"));
    return {
      folder: {
        ...navigationFolder(folder, view.user),
        folders: subfolders.map((child) => navigationFolder(child, view.user)),
      },
    };
  });
}
