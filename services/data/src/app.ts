import { auth, authOptionsFrom } from "@de-gateway/auth";
import { backendClientOptionsFrom, backendClients } from "@de-gateway/backend-clients";
import { buildService, type Service } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { openReadTwins } from "./anonymous-reads.js";
import type { Config } from "./config.js";
import { changes } from "./routes/changes.js";
import { checkedPassthroughs } from "./routes/checked-passthroughs.js";
import { coge } from "./routes/coge.js";
import { dataSearch } from "./routes/data-search.js";
import { downloads } from "./routes/downloads.js";
import { entryInfo } from "./routes/entry-info.js";
import { entryTags } from "./routes/entry-tags.js";
import { favorites } from "./routes/favorites.js";
import { fileComments } from "./routes/file-comments.js";
import { fileTypes } from "./routes/file-types.js";
import { metadataCsv } from "./routes/metadata-csv.js";
import { metadataSearch } from "./routes/metadata-search.js";
import { navigation } from "./routes/navigation.js";
import { passthroughRoutes } from "./routes/passthroughs.js";
import { permanentIdRequests } from "./routes/permanent-id-requests.js";
import { saves } from "./routes/saves.js";
import { search } from "./routes/search.js";
import { sharing } from "./routes/sharing.js";
import { tickets } from "./routes/tickets.js";
import { trash } from "./routes/trash.js";
import { uploads } from "./routes/uploads.js";
import { withSecuredPrefix } from "./unprefixed-paths.js";

/** data as a Fastify plugin: file upload and download, filesystem, file types, favorites, tags, file comments and metadata. */
export const data: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  await app.register(auth, authOptionsFrom(config));
  await app.register(backendClients, backendClientOptionsFrom(config));
  openReadTwins(app);
  await app.register(downloads);
  await app.register(uploads);
  await app.register(saves, { config });
  await app.register(navigation, { config });
  await app.register(changes, { config });
  await app.register(trash, { config });
  await app.register(entryInfo);
  await app.register(search, { config });
  await app.register(dataSearch, { config });
  await app.register(metadataSearch);
  await app.register(tickets);
  await app.register(fileTypes);
  await app.register(metadataCsv);
  await app.register(passthroughRoutes);
  await app.register(checkedPassthroughs);
  await app.register(fileComments);
  await app.register(favorites);
  await app.register(entryTags);
  await app.register(sharing);
  await app.register(coge, { config });
  await app.register(permanentIdRequests, { config });
};

export const buildApp = (config: Config): Promise<Service> =>
  buildService("data", data, config, { rewriteUrl: withSecuredPrefix });
