import type { FastifyInstance, FastifyRequest } from "fastify";
import { answers, NoBody } from "../framework/answers.js";
import { callerOf, queryOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest } from "../framework/problems.js";
import { paged } from "../framework/request-values.js";
// The apps service passes the metadata service's AVUs on (common-swagger-api schema/metadata.clj AvuList).
import { AvuList } from "../metadata/answer-schemas.js";
import { AdminAppListing, AppListing } from "./answer-schemas/apps.js";
import { listingDetail } from "./app-listing.js";
import { avusFrom } from "./app-metadata.js";
import { appMetadataOf, COMMUNITY_ATTRIBUTE } from "./app-metadata-store.js";
import { type AppRecord, catalogOf, visibleApps, writableApp } from "./catalog-store.js";
import { workspaceOf } from "./login.js";

type All = () => Record<string, unknown>;

/**
 * The community AVUs of an `AvuListRequest` body (`{avus: [{attr: "cyverse-community", value, unit}]}`, as the web
 * client sends it); AVUs of other attributes are ignored, and a body with none is refused, as the backend does
 * (cyverse-de/apps src/apps/service/apps/communities.clj).
 */
function communityAvusOf(body: unknown, appId: string, username: string) {
  const avus = avusFrom(body, appId, username).filter((avu) => avu.attr === COMMUNITY_ATTRIBUTE);
  if (!avus.length) throw badRequest("No community metadata found in request");
  return avus;
}

function routes(scope: FastifyInstance, all: All) {
  const avus = () => appMetadataOf(all).avus;
  const communityAvus = (appId: string) => (avus().get(appId) ?? []).filter((avu) => avu.attr === COMMUNITY_ATTRIBUTE);
  const inCommunity = (app: AppRecord, community: string) =>
    communityAvus(app.id).some((avu) => avu.value === community);
  const listing = (request: FastifyRequest, apps: AppRecord[], community: string) => {
    const username = callerOf(request).username;
    workspaceOf(all, username);
    const listed = apps.filter((app) => inCommunity(app, community)).map((app) => listingDetail(app, username, all));
    return { total: listed.length, apps: paged(listed, queryOf(request), "name") };
  };
  type CommunityParams = { Params: { communityId: string } };
  scope.get<CommunityParams>("/apps/communities/:communityId/apps", answers({ 200: AppListing }), async (request) =>
    listing(request, visibleApps(catalogOf(all), callerOf(request).username), request.params.communityId),
  );
  scope.get<CommunityParams>(
    "/admin/apps/communities/:communityId/apps",
    answers({ 200: AdminAppListing }),
    async (request) => listing(request, [...catalogOf(all).apps.values()], request.params.communityId),
  );
  type AppParams = { Params: { appId: string } };
  // Adds the tags the app lacks and answers the app's community tags (`AvuList`).
  scope.post<AppParams>("/apps/:appId/communities", answers({ 200: AvuList }), async (request) => {
    const username = callerOf(request).username;
    const app = writableApp(catalogOf(all), request.params.appId, username);
    const added = communityAvusOf(request.body, app.id, username).filter((avu) => !inCommunity(app, avu.value));
    avus().set(app.id, [...(avus().get(app.id) ?? []), ...added]);
    return { avus: communityAvus(app.id) };
  });
  // Removes the named tags; the backend passes on the metadata service's empty answer.
  scope.delete<AppParams>("/apps/:appId/communities", answers({ 200: NoBody }), async (request, reply) => {
    const username = callerOf(request).username;
    const app = writableApp(catalogOf(all), request.params.appId, username);
    const removed = new Set(communityAvusOf(request.body, app.id, username).map((avu) => avu.value));
    const kept = (avus().get(app.id) ?? []).filter(
      (avu) => avu.attr !== COMMUNITY_ATTRIBUTE || !removed.has(avu.value),
    );
    avus().set(app.id, kept);
    return reply.send();
  });
}

/** Apps backend: the communities apps are tagged with, and the apps of a community. */
export const communities = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes: (app, _state, all) => backendScope(app, (scope) => routes(scope, all)),
});
