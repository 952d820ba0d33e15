import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { callerOf, queryOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, missingField } from "../framework/problems.js";
import { bodyObject, paged } from "../framework/request-values.js";
import { listingDetail } from "./app-listing.js";
import { appMetadataOf } from "./app-metadata.js";
import { type AppRecord, catalogOf, visibleApps, writableApp } from "./catalog.js";

/** The metadata attribute under which an app carries the communities it belongs to (full group names). */
export const COMMUNITY_ATTRIBUTE = "cyverse-community";

type All = () => Record<string, unknown>;

/** The community names of an `{communities: [name…]}` body. */
function communitiesOf(body: unknown): string[] {
  const names = bodyObject(body).communities;
  if (!Array.isArray(names) || names.length === 0 || names.some((name) => typeof name !== "string" || !name.trim()))
    throw missingField("communities");
  return names as string[];
}

function routes(scope: FastifyInstance, all: All) {
  const avus = () => appMetadataOf(all).avus;
  const communityAvus = (appId: string) => (avus().get(appId) ?? []).filter((avu) => avu.attr === COMMUNITY_ATTRIBUTE);
  const inCommunity = (app: AppRecord, community: string) =>
    communityAvus(app.id).some((avu) => avu.value === community);
  const listing = (request: FastifyRequest, apps: AppRecord[], community: string) => {
    const username = callerOf(request).username;
    const listed = apps.filter((app) => inCommunity(app, community)).map((app) => listingDetail(app, username, all));
    return { total: listed.length, apps: paged(listed, queryOf(request), "name") };
  };
  type CommunityParams = { Params: { communityId: string } };
  scope.get<CommunityParams>("/apps/communities/:communityId/apps", async (request) =>
    listing(request, visibleApps(catalogOf(all), callerOf(request).username), request.params.communityId),
  );
  scope.get<CommunityParams>("/admin/apps/communities/:communityId/apps", async (request) =>
    listing(request, [...catalogOf(all).apps.values()], request.params.communityId),
  );
  type AppParams = { Params: { appId: string } };
  scope.post<AppParams>("/apps/:appId/communities", async (request) => {
    const app = writableApp(catalogOf(all), request.params.appId, callerOf(request).username);
    const added = communitiesOf(request.body).filter((community) => !inCommunity(app, community));
    const tags = added.map((value) => ({ id: randomUUID(), attr: COMMUNITY_ATTRIBUTE, value, unit: "" }));
    avus().set(app.id, [...(avus().get(app.id) ?? []), ...tags]);
    return { avus: communityAvus(app.id) };
  });
  scope.delete<AppParams>("/apps/:appId/communities", async (request) => {
    const app = writableApp(catalogOf(all), request.params.appId, callerOf(request).username);
    const removed = new Set(communitiesOf(request.body));
    const kept = (avus().get(app.id) ?? []).filter(
      (avu) => avu.attr !== COMMUNITY_ATTRIBUTE || !removed.has(avu.value),
    );
    avus().set(app.id, kept);
    return {};
  });
}

/** Apps backend: the communities apps are tagged with, and the apps of a community. */
export const communities = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes: (app, _state, all) => backendScope(app, (scope) => routes(scope, all)),
});
