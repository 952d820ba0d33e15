import type { FastifyInstance, FastifyRequest } from "fastify";
import { isUuid } from "../de-database-errors.js";
import { answers, NoBody } from "../framework/answers.js";
import { callerOf, queryOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest, InvalidRequest, Problem } from "../framework/problems.js";
import { paged } from "../framework/request-values.js";
import { failed } from "../framework/schema-refusals.js";
// The apps service passes the metadata service's AVUs on (common-swagger-api schema/metadata.clj AvuList).
import { AvuList } from "../metadata/answer-schemas.js";
import { AdminAppListing, AppListing } from "./answer-schemas/apps.js";
import { listingDetail } from "./app-listing.js";
import { avusFrom } from "./app-metadata.js";
import { COMMUNITY_ATTRIBUTE, carries, deleteAppAvus, listedAppAvus, updateAppAvus } from "./app-metadata-store.js";
import { type AppRecord, catalogOf, visibleApps } from "./catalog-store.js";
import { workspaceOf } from "./login.js";
import { peerServicesOf } from "./peer-services.js";

type All = () => Record<string, unknown>;

/** The route's `app-id` (AppIdParam, a UUID, as compojure-api coerces it); the app itself is never looked up. */
function appIdOf(appId: string) {
  if (!isUuid(appId)) throw new InvalidRequest({ "app-id": failed("instance? java.util.UUID", appId) });
  return appId;
}

/**
 * The community AVUs of an `AvuListRequest` body (`{avus: [{attr: "cyverse-community", value, unit}]}`, as the web
 * client sends it); AVUs of other attributes are ignored, and a body with none is refused, as the backend does
 * (cyverse-de/apps src/apps/service/apps/communities.clj). The user must administer each community named
 * (`validate-avu-community-admins`, iplant-groups asked): whose app it is does not matter, so a community's
 * administrators gather anyone's apps into it.
 */
function communityAvusOf(body: unknown, username: string, all: All) {
  const avus = avusFrom(body).filter((avu) => avu.attr === COMMUNITY_ATTRIBUTE);
  if (!avus.length) throw badRequest("No community metadata found in request");
  for (const community of new Set(avus.map((avu) => avu.value))) {
    if (!peerServicesOf(all).communityAdmins(username, community).includes(username)) {
      throw new Problem(403, "ERR_FORBIDDEN", "User is not an admin of that community", {
        user: username,
        community,
      });
    }
  }
  return avus;
}

function routes(scope: FastifyInstance, all: All) {
  const inCommunity = (appId: string, community: string) =>
    carries(all, appId, { attr: COMMUNITY_ATTRIBUTE, value: community });
  const listing = (request: FastifyRequest, apps: AppRecord[], community: string) => {
    const username = callerOf(request).username;
    workspaceOf(all, username);
    const listed = apps.filter((app) => inCommunity(app.id, community)).map((app) => listingDetail(app, username, all));
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
  // Adds the community tags through the metadata service's update and passes on its answer: all the app's AVUs.
  scope.post<AppParams>("/apps/:appId/communities", answers({ 200: AvuList }), async (request) => {
    const username = callerOf(request).username;
    const appId = appIdOf(request.params.appId);
    updateAppAvus(all, username, appId, communityAvusOf(request.body, username, all));
    return { avus: listedAppAvus(all, appId) };
  });
  // Removes the named tags (the metadata service's delete-avus); the backend passes on its empty answer.
  scope.delete<AppParams>("/apps/:appId/communities", answers({ 200: NoBody }), async (request, reply) => {
    const username = callerOf(request).username;
    const appId = appIdOf(request.params.appId);
    deleteAppAvus(all, appId, communityAvusOf(request.body, username, all));
    return reply.send();
  });
}

/** Apps backend: the communities apps are tagged with, and the apps of a community. */
export const communities = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes: (app, _state, all) => backendScope(app, (scope) => routes(scope, all)),
});
