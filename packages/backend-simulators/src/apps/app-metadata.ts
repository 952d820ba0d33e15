import type { FastifyInstance, FastifyRequest } from "fastify";
import { answers } from "../framework/answers.js";
import { callerOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, exists, missingField, notFound, Problem } from "../framework/problems.js";
import { bodyObject, requiredText } from "../framework/request-values.js";
// The apps service passes the metadata service's AVUs on (common-swagger-api schema/metadata.clj AvuList).
import { AvuList } from "../metadata/answer-schemas.js";
import { SEED_CLASSES } from "../metadata/ontology.js";
import { SEED_APP_IDS } from "../seed-ids.js";
import { AppDocumentation } from "./answer-schemas/apps.js";
import {
  type AppMetadataState,
  type Avu,
  type AvuRequest,
  addAvus,
  appMetadataOf,
  CERTIFIED_AVU,
  CLASS_ATTRIBUTE,
  type Documentation,
  newAvu,
  PROTECTED_ATTRIBUTES,
} from "./app-metadata-store.js";
import { appRoutes } from "./app-paths.js";
import { atVersion } from "./app-versions.js";
import { type AppRecord, catalogOf, existingApp, readableApp, SEED_APPS, writableApp } from "./catalog-store.js";
import { TAPIS_REFUSALS } from "./systems.js";

type All = () => Record<string, unknown>;

/** An AVU an administrator put on a demo app as the backend started. */
const seeded = (appId: string, id: string, avu: AvuRequest): Avu => ({
  ...newAvu(appId, "carol", { ...avu, id }),
  created_on: Date.UTC(2026, 0, 15),
  modified_on: Date.UTC(2026, 0, 15),
});

const classification = (appId: string, n: number, ...classes: string[]) =>
  classes.map((value, index) =>
    seeded(appId, `b2c3d4e5-0000-4000-8000-0000000000${n}${index}`, { attr: CLASS_ATTRIBUTE, value, unit: "" }),
  );

/** The demo apps are classified in the seed ontology, Word Count blessed (featured); Alice's Aligner has none. */
const SEED_AVUS: [string, Avu[]][] = [
  [
    SEED_APP_IDS.wordCount,
    [
      ...classification(SEED_APP_IDS.wordCount, 1, SEED_CLASSES.dataHandling),
      seeded(SEED_APP_IDS.wordCount, "b2c3d4e5-0000-4000-8000-000000000190", CERTIFIED_AVU),
    ],
  ],
  [
    SEED_APP_IDS.fastqc,
    classification(SEED_APP_IDS.fastqc, 2, SEED_CLASSES.qualityControl, SEED_CLASSES.sequenceAnalysis),
  ],
];
type IdParams = { Params: { appId: string } };
type AppOf = (request: FastifyRequest, appId: string) => AppRecord;

/** One AVU of a request, its own AVUs nested under `avus` as the metadata service takes them. */
function avuRequest(raw: unknown): AvuRequest {
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

/** The AVUs of an `AvuListRequest` body (`{avus: [{attr, value, unit, id?, avus?}]}`), as new AVUs of the app by the user. */
export function avusFrom(body: unknown, appId: string, username: string): Avu[] {
  const avus = bodyObject(body).avus;
  if (!Array.isArray(avus)) throw missingField("avus");
  return avus.map((raw) => newAvu(appId, username, avuRequest(raw)));
}

/** `validate-attrs-not-protected`: a user's request may not name the attributes only administrators set. */
function refuseProtected(avus: Avu[]) {
  const attrs = [...new Set(avus.map((avu) => avu.attr).filter((attr) => PROTECTED_ATTRIBUTES.has(attr)))];
  if (attrs.length)
    throw new Problem(
      403,
      "ERR_FORBIDDEN",
      "Some of the selected attributes may only be modified by Discovery Environment administrators.",
      { attrs },
    );
}

/**
 * The routes of one variant (apps `metadata/avus.clj`): users', checking permissions, never shown nor able to set the
 * protected attributes, which a user's replacement keeps; or administrators', seeing and setting everything.
 */
function avuRoutes(scope: FastifyInstance, prefix: string, state: () => AppMetadataState, read: AppOf, write: AppOf) {
  const admin = prefix.startsWith("/admin");
  const shown = (avu: Avu) => admin || !PROTECTED_ATTRIBUTES.has(avu.attr);
  const list = (appId: string) => ({ avus: (state().avus.get(appId) ?? []).filter(shown) });
  const requested = (request: FastifyRequest<IdParams>, appId: string) => {
    const avus = avusFrom(request.body, appId, callerOf(request).username);
    if (!admin) refuseProtected(avus);
    return avus;
  };
  const avuList = answers({ 200: AvuList });
  scope.get<IdParams>(`${prefix}/:appId/metadata`, avuList, async (request) =>
    list(read(request, request.params.appId).id),
  );
  scope.post<IdParams>(`${prefix}/:appId/metadata`, avuList, async (request) => {
    const appId = write(request, request.params.appId).id;
    addAvus(state(), appId, requested(request, appId));
    return list(appId);
  });
  scope.put<IdParams>(`${prefix}/:appId/metadata`, avuList, async (request) => {
    const appId = write(request, request.params.appId).id;
    const kept = (state().avus.get(appId) ?? []).filter((avu) => !shown(avu));
    state().avus.set(appId, [...requested(request, appId), ...kept]);
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
  makeState: () => ({
    avus: new Map(SEED_AVUS.map(([appId, avus]) => [appId, structuredClone(avus)])),
    documentation: new Map(seedDocumentation()),
  }),
  routes: (app, state, all) => {
    const readable: AppOf = (request, appId) => readableApp(catalogOf(all), appId, callerOf(request).username);
    const writable: AppOf = (request, appId) => writableApp(catalogOf(all), appId, callerOf(request).username);
    const anyApp: AppOf = (request, appId) => {
      callerOf(request);
      return existingApp(catalogOf(all), appId);
    };
    return backendScope(app, (scope) => {
      avuRoutes(scope, "/apps", state, readable, writable);
      avuRoutes(scope, "/admin/apps", state, anyApp, anyApp);
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
