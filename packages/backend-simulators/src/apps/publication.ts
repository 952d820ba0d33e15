import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { answers, NoBody } from "../framework/answers.js";
import { type Caller, callerOf, queryOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest } from "../framework/problems.js";
import { bodyObject, paged, queryFlag, queryText } from "../framework/request-values.js";
import type { AvuChange } from "../metadata/avu-store.js";
import { AppPublicationRequestListing } from "./answer-schemas/apps.js";
import { AppCategoryAppListing } from "./answer-schemas/categories.js";
import { appDetails, unpublishableBecause } from "./app-information.js";
import { listingDetail } from "./app-listing.js";
import { addDocumentation, avusFrom, refuseSecondDocumentation } from "./app-metadata.js";
import {
  appMetadataOf,
  BETA_AVU,
  CERTIFIED_AVU,
  COMMUNITY_ATTRIBUTE,
  deleteAppAvus,
  isBlessed,
  updateAppAvus,
} from "./app-metadata-store.js";
import { appRoutes } from "./app-paths.js";
import { type AppRecord, catalogOf, existingApp, ownedApp, visibleApps } from "./catalog-store.js";
import { categoriesOf, decategorize, FEATURED_CATEGORY_ID } from "./categories-store.js";
import { workspaceOf } from "./login.js";
import { TAPIS_REFUSALS } from "./systems.js";
import { toolsOf } from "./tools-store.js";

/** Registries whose images the platform trusts; an app running others' images needs an administrator to publish. */
export const TRUSTED_REGISTRIES = ["harbor.cyverse.org", "discoenv"] as const;

type All = () => Record<string, unknown>;

export interface PublicationRequest {
  id: string;
  app_id: string;
  requestor: string;
  completed: boolean;
}

/** The publication requests that wait for (or were completed by) an administrator. */
export interface PublicationState {
  requests: Map<string, PublicationRequest>;
}

const registryOf = (image: string) => image.split("/")[0] ?? "";

/**
 * The app's private tools whose images come from registries the platform does not trust (listings.clj
 * `list-tools-in-untrusted-registries`): a public tool was trusted when it was made public.
 */
function untrustedTools(app: AppRecord, all: All) {
  return app.tool_ids.flatMap((id) => {
    const tool = toolsOf(all).tools.get(id);
    const trusted = tool && TRUSTED_REGISTRIES.some((registry) => registry === registryOf(tool.container.image.name));
    return tool && !tool.is_public && !trusted ? [tool] : [];
  });
}

/**
 * What a publication request (the web client's publish dialog) changes of the app before it is published or queued
 * (metadata.clj `publish-app`, `create-publication-request`): its name and description, its references, and the
 * documentation the dialog writes, added to the latest version (a second is refused). Checked whole before any of
 * it is kept. `documented` asks, for an app published at once, that it have documentation (`verify-app-documentation`).
 * Answers the AVUs the request asks the published app to carry (`avus`, none if it names none).
 */
function applyPublication(app: AppRecord, body: unknown, caller: Caller, all: All, documented: boolean) {
  const publication = bodyObject(body ?? {});
  const { name, description, references, documentation } = publication;
  if (references !== undefined && (!Array.isArray(references) || references.some((ref) => typeof ref !== "string")))
    throw badRequest("references must be a list of strings", "ERR_ILLEGAL_ARGUMENT");
  const avus = publication.avus === undefined ? [] : avusFrom(publication);
  const docs = appMetadataOf(all);
  if (typeof documentation === "string") refuseSecondDocumentation(docs, app);
  else if (documented && !docs.documentation.has(app.version_id))
    throw badRequest(`App ${app.id} does not have documentation.`, "ERR_BAD_OR_MISSING_FIELD");
  if (typeof name === "string" && name.trim()) app.name = name;
  if (typeof description === "string") app.description = description;
  if (references !== undefined) app.references = references as string[];
  if (typeof documentation === "string") addDocumentation(docs, app, documentation, caller.username);
  return avus;
}

/**
 * Makes an app public (metadata.clj `publish-app`): its private tools made public first (`make-app-public`,
 * `publish-app-tools`), the app taken out of every category and marked beta, carrying the AVUs the request named
 * but the community tags, which only the communities' administrators add (`publish-app-metadata`), every earlier
 * publication request for it completed.
 */
function publish(app: AppRecord, avus: AvuChange[], caller: Caller, state: PublicationState, all: All) {
  for (const id of app.tool_ids) {
    const tool = toolsOf(all).tools.get(id);
    if (tool) tool.is_public = true;
  }
  app.is_public = true;
  app.integration_date = Date.now();
  decategorize(categoriesOf(all), app.id);
  const kept = avus.filter((avu) => avu.attr !== COMMUNITY_ATTRIBUTE);
  updateAppAvus(all, caller.username, app.id, [...kept, BETA_AVU]);
  for (const request of state.requests.values()) if (request.app_id === app.id) request.completed = true;
}

function userRoutes(scope: FastifyInstance, state: () => PublicationState, all: All) {
  scope.get("/apps/categories/featured", answers({ 200: AppCategoryAppListing }), async (request) => {
    const caller = callerOf(request);
    const featured = visibleApps(catalogOf(all), caller.username).filter((app) => isBlessed(all, app.id));
    const listed = featured.map((app) => listingDetail(app, caller.username, all));
    return {
      system_id: "de",
      id: FEATURED_CATEGORY_ID,
      name: "Featured Apps",
      is_public: false,
      total: listed.length,
      apps: paged(listed, queryOf(request), "name"),
    };
  });
  const options = { tapis: TAPIS_REFUSALS.publication, answers: { 200: NoBody, 202: NoBody } };
  // Apps that run only trusted images are published at once (200); the others wait for an administrator (202).
  // The backend answers either with no body.
  appRoutes(scope, "POST", "/publish", options, async (request, { appId }, reply) => {
    const caller: Caller = callerOf(request);
    const app = ownedApp(catalogOf(all), appId, caller.username);
    const reason = unpublishableBecause(app, caller.username, all);
    if (reason) throw badRequest(`app ${app.id} cannot be published: ${reason}`);
    const atOnce = untrustedTools(app, all).length === 0;
    const avus = applyPublication(app, request.body, caller, all, atOnce);
    if (atOnce) {
      publish(app, avus, caller, state(), all);
      return reply.send();
    }
    const id = randomUUID();
    state().requests.set(id, { id, app_id: app.id, requestor: caller.username, completed: false });
    return reply.code(202).send();
  });
}

function adminRoutes(scope: FastifyInstance, state: () => PublicationState, all: All) {
  scope.get("/admin/apps/publication-requests", answers({ 200: AppPublicationRequestListing }), async (request) => {
    const caller = callerOf(request);
    const query = queryOf(request);
    const requestor = queryText(query, "requestor");
    const appId = queryText(query, "app_id");
    const completedToo = queryFlag(query, "include_completed") === true;
    const found = [...state().requests.values()].filter(
      (entry) =>
        (completedToo || !entry.completed) &&
        (!requestor || entry.requestor === requestor) &&
        (!appId || entry.app_id === appId),
    );
    // The backend reads the caller's workspace only to describe the requests it found.
    if (found.length) workspaceOf(all, caller.username);
    return {
      publication_requests: found.flatMap((entry) => {
        const app = catalogOf(all).apps.get(entry.app_id);
        return app ? [{ id: entry.id, app: appDetails(app, caller.username, all), requestor: entry.requestor }] : [];
      }),
    };
  });
  // The backend answers publishing and blessing with no body.
  const admin = { base: "/admin/apps", tapis: TAPIS_REFUSALS.publication, answers: { 200: NoBody } };
  appRoutes(scope, "POST", "/publish", admin, async (request, { appId }, reply) => {
    const caller = callerOf(request);
    const app = existingApp(catalogOf(all), appId);
    const reason = unpublishableBecause(app, caller.username, all, true);
    if (reason) throw badRequest(reason);
    if (untrustedTools(app, all).length) throw badRequest(`App ${app.id} uses tools in untrusted registries`);
    publish(app, applyPublication(app, request.body, caller, all, true), caller, state(), all);
    return reply.send();
  });
  // Blessing adds the certified AVU and taking it back removes it (de/admin.clj `bless-app`, `remove-app-blessing`).
  appRoutes(scope, "POST", "/blessing", admin, async (request, { appId }, reply) => {
    const caller = callerOf(request);
    const id = existingApp(catalogOf(all), appId).id;
    updateAppAvus(all, caller.username, id, [CERTIFIED_AVU]);
    return reply.send();
  });
  appRoutes(scope, "DELETE", "/blessing", admin, async (request, { appId }, reply) => {
    callerOf(request);
    deleteAppAvus(all, existingApp(catalogOf(all), appId).id, [CERTIFIED_AVU]);
    return reply.send();
  });
}

/** Apps backend: publishing apps, the requests that wait for an administrator, and blessing (featured apps). */
export const publication = defineModule<PublicationState>({
  makeState: () => ({ requests: new Map() }),
  routes: (app, state, all) =>
    backendScope(app, (scope) => {
      userRoutes(scope, state, all);
      adminRoutes(scope, state, all);
    }),
});
