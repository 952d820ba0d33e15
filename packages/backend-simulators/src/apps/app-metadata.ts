import type { FastifyInstance, FastifyRequest } from "fastify";
import { answers } from "../framework/answers.js";
import { callerOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, exists, missingField, notFound, Problem } from "../framework/problems.js";
import { bodyObject, requiredText } from "../framework/request-values.js";
// The apps service passes the metadata service's AVUs on (common-swagger-api schema/metadata.clj AvuList).
import { AvuList } from "../metadata/answer-schemas.js";
import type { AvuChange } from "../metadata/avu-store.js";
import { AppDocumentation } from "./answer-schemas/apps.js";
import {
  type AppMetadataState,
  appMetadataOf,
  type Documentation,
  listedAppAvus,
  PROTECTED_ATTRIBUTES,
  protectedAppAvus,
  setAppAvus,
  updateAppAvus,
} from "./app-metadata-store.js";
import { appRoutes } from "./app-paths.js";
import { atVersion } from "./app-versions.js";
import { type AppRecord, catalogOf, existingApp, readableApp, SEED_APPS, writableApp } from "./catalog-store.js";
import { TAPIS_REFUSALS } from "./systems.js";

type All = () => Record<string, unknown>;

type IdParams = { Params: { appId: string } };
type AppOf = (request: FastifyRequest, appId: string) => AppRecord;

/** One AVU of a request, its own AVUs nested under `avus` as the metadata service takes them. */
function avuRequest(raw: unknown): AvuChange {
  const avu = bodyObject(raw);
  const nested = avu.avus;
  if (nested !== undefined && !Array.isArray(nested)) throw missingField("avus");
  return {
    ...(typeof avu.id === "string" ? { id: avu.id } : {}),
    attr: requiredText(avu, "attr"),
    value: String(avu.value ?? ""),
    unit: String(avu.unit ?? ""),
    ...(nested?.length ? { avus: nested.map(avuRequest) } : {}),
  };
}

/** The AVUs of an `AvuListRequest` body (`{avus: [{attr, value, unit, id?, avus?}]}`). */
export function avusFrom(body: unknown): AvuChange[] {
  const avus = bodyObject(body).avus;
  if (!Array.isArray(avus)) throw missingField("avus");
  return avus.map(avuRequest);
}

/** `validate-attrs-not-protected`: a user's request may not name the attributes only administrators set. */
function refuseProtected(avus: readonly AvuChange[]) {
  const attrs = [...new Set(avus.map((avu) => avu.attr).filter((attr) => PROTECTED_ATTRIBUTES.has(attr)))];
  if (attrs.length)
    throw new Problem(
      403,
      "ERR_FORBIDDEN",
      "Some of the selected attributes may only be modified by Discovery Environment administrators.",
      { attrs },
    );
}

const isProtected = (avu: Record<string, unknown>) => PROTECTED_ATTRIBUTES.has(avu.attr as string);

/**
 * The routes of one variant (apps `metadata/avus.clj`), each a call to the metadata service: users', checking
 * permissions, never shown nor able to set the protected attributes, which a user's replacement keeps (sent back by
 * id with the user's); or administrators', seeing and setting everything.
 */
function avuRoutes(scope: FastifyInstance, prefix: string, all: All, read: AppOf, write: AppOf) {
  const admin = prefix.startsWith("/admin");
  const list = (appId: string) => {
    const avus = listedAppAvus(all, appId);
    return { avus: admin ? avus : avus.filter((avu) => !isProtected(avu)) };
  };
  const requested = (request: FastifyRequest<IdParams>) => {
    const avus = avusFrom(request.body);
    if (!admin) refuseProtected(avus);
    return avus;
  };
  const avuList = answers({ 200: AvuList });
  scope.get<IdParams>(`${prefix}/:appId/metadata`, avuList, async (request) =>
    list(read(request, request.params.appId).id),
  );
  scope.post<IdParams>(`${prefix}/:appId/metadata`, avuList, async (request) => {
    const appId = write(request, request.params.appId).id;
    updateAppAvus(all, callerOf(request).username, appId, requested(request));
    return list(appId);
  });
  scope.put<IdParams>(`${prefix}/:appId/metadata`, avuList, async (request) => {
    const appId = write(request, request.params.appId).id;
    const avus = requested(request);
    const kept = admin ? [] : protectedAppAvus(all, appId);
    setAppAvus(all, callerOf(request).username, appId, [...avus, ...kept]);
    return list(appId);
  });
}

/** Documentation as the backend answers it, its dates as ISO instants (`AppDocumentation`). */
const documentationAnswer = (documentation: Documentation) => ({
  ...documentation,
  created_on: new Date(documentation.created_on).toISOString(),
  modified_on: new Date(documentation.modified_on).toISOString(),
});
const documentationAnswers = { 200: AppDocumentation };

/** A version's documentation as the backend answers it, or undefined when it has none. */
export function versionDocumentation(all: All, versionId: string) {
  const documentation = appMetadataOf(all).documentation.get(versionId);
  return documentation && documentationAnswer(documentation);
}

/**
 * The demo's public apps carry the documentation their integrator wrote when publishing them, which publishing
 * requires (metadata.clj `verify-app-documentation`).
 */
const seedDocumentation = (): [string, Documentation][] =>
  SEED_APPS.filter((app) => app.is_public).map((app) => [
    app.version_id,
    {
      app_id: app.id,
      version_id: app.version_id,
      documentation: `# ${app.name}\n\n${app.description}.\n`,
      references: app.references,
      created_on: app.integration_date,
      created_by: app.integrator_username,
      modified_on: app.integration_date,
      modified_by: app.integrator_username,
    },
  ]);

/** docs.clj `add-app-version-docs*`: a version has one documentation, changed rather than added again. */
export function refuseSecondDocumentation(state: AppMetadataState, version: AppRecord) {
  if (state.documentation.has(version.version_id)) throw exists(`app ${version.id} already has documentation`);
}

/** Documents an app version (the app record at that version), by the given user, now. */
export function addDocumentation(state: AppMetadataState, version: AppRecord, text: string, username: string) {
  const now = Date.now();
  const documentation: Documentation = {
    app_id: version.id,
    version_id: version.version_id,
    documentation: text,
    references: version.references,
    created_on: now,
    created_by: username,
    modified_on: now,
    modified_by: username,
  };
  state.documentation.set(version.version_id, documentation);
  return documentation;
}

/** Documentation belongs to an app version; the paths without a version name the latest. */
function documentationRoutes(scope: FastifyInstance, base: string, state: () => AppMetadataState, write: AppOf) {
  const options = {
    base,
    versions: true,
    tapis: TAPIS_REFUSALS.documentation,
    answers: documentationAnswers,
  };
  appRoutes(scope, "POST", "/documentation", options, async (request, { appId, versionId }) => {
    const version = atVersion(write(request, appId), versionId);
    refuseSecondDocumentation(state(), version);
    const text = requiredText(bodyObject(request.body), "documentation");
    return documentationAnswer(addDocumentation(state(), version, text, callerOf(request).username));
  });
  appRoutes(scope, "PATCH", "/documentation", options, async (request, { appId, versionId }) => {
    const version = atVersion(write(request, appId), versionId);
    const documentation = state().documentation.get(version.version_id);
    if (!documentation) throw notFound(`app ${appId} has no documentation`);
    Object.assign(documentation, {
      documentation: requiredText(bodyObject(request.body), "documentation"),
      modified_on: Date.now(),
      modified_by: callerOf(request).username,
    });
    return documentationAnswer(documentation);
  });
}

/** Apps backend: app metadata (AVUs) and documentation, for users and administrators. */
export const appMetadata = defineModule<AppMetadataState>({
  makeState: () => ({ documentation: new Map(seedDocumentation()) }),
  routes: (app, state, all) => {
    const readable: AppOf = (request, appId) => readableApp(catalogOf(all), appId, callerOf(request).username);
    const writable: AppOf = (request, appId) => writableApp(catalogOf(all), appId, callerOf(request).username);
    const anyApp: AppOf = (request, appId) => {
      callerOf(request);
      return existingApp(catalogOf(all), appId);
    };
    return backendScope(app, (scope) => {
      avuRoutes(scope, "/apps", all, readable, writable);
      avuRoutes(scope, "/admin/apps", all, anyApp, anyApp);
      const reading = { versions: true, answers: documentationAnswers };
      appRoutes(scope, "GET", "/documentation", reading, async (request, { appId, versionId }) => {
        const version = atVersion(readable(request, appId), versionId);
        const documentation = state().documentation.get(version.version_id);
        if (!documentation) throw notFound(`app ${appId} has no documentation`);
        return documentationAnswer(documentation);
      });
      documentationRoutes(scope, "/apps", state, writable);
      documentationRoutes(scope, "/admin/apps", state, anyApp);
    });
  },
});
