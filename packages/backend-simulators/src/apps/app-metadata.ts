import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { answers } from "../framework/answers.js";
import { callerOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, exists, missingField, notFound } from "../framework/problems.js";
import { bodyObject, requiredText } from "../framework/request-values.js";
// The apps service passes the metadata service's AVUs on (common-swagger-api schema/metadata.clj AvuList).
import { AvuList } from "../metadata/answer-schemas.js";
import { SEED_CLASSES } from "../metadata/ontology.js";
import { SEED_APP_IDS } from "../seed-ids.js";
import { AppDocumentation } from "./answer-schemas/apps.js";
import { appRoutes } from "./app-paths.js";
import { atVersion } from "./app-versions.js";
import { type AppRecord, catalogOf, existingApp, readableApp, SEED_APPS, writableApp } from "./catalog-store.js";
import { TAPIS_REFUSALS } from "./systems.js";

/** A metadata AVU on an app, as the metadata service keeps it for the apps service. */
export interface Avu {
  id: string;
  attr: string;
  value: string;
  unit: string;
  target_id: string;
  created_by: string;
  modified_by: string;
  created_on: number;
  modified_on: number;
}

export interface Documentation {
  app_id: string;
  version_id: string;
  documentation: string;
  references: string[];
  created_on: number;
  created_by: string;
  modified_on: number;
  modified_by: string;
}

/** Metadata attached to apps: attribute/value/unit triples (ontology classes among them) and documentation. */
export interface AppMetadataState {
  avus: Map<string, Avu[]>;
  documentation: Map<string, Documentation>;
}

type All = () => Record<string, unknown>;

/** The attribute under which apps carry the ontology classes they belong to. */
export const CLASS_ATTRIBUTE = "rdf:type";

/** A new AVU on an app, made by the user now (an `id` given is kept, as the metadata service keeps it). */
export function newAvu(
  appId: string,
  username: string,
  avu: { id?: string; attr: string; value: string; unit: string },
) {
  const now = Date.now();
  return {
    id: avu.id ?? randomUUID(),
    attr: avu.attr,
    value: avu.value,
    unit: avu.unit,
    target_id: appId,
    created_by: username,
    modified_by: username,
    created_on: now,
    modified_on: now,
  };
}

const classification = (appId: string, n: number, ...classes: string[]): [string, Avu[]] => [
  appId,
  classes.map((value, index) => ({
    ...newAvu(appId, "carol", {
      id: `b2c3d4e5-0000-4000-8000-0000000000${n}${index}`,
      attr: CLASS_ATTRIBUTE,
      value,
      unit: "",
    }),
    created_on: Date.UTC(2026, 0, 15),
    modified_on: Date.UTC(2026, 0, 15),
  })),
];

/** The demo apps are classified in the seed ontology; Alice's Aligner is left unclassified. */
const SEED_CLASSIFICATIONS = [
  classification(SEED_APP_IDS.wordCount, 1, SEED_CLASSES.dataHandling),
  classification(SEED_APP_IDS.fastqc, 2, SEED_CLASSES.qualityControl, SEED_CLASSES.sequenceAnalysis),
];
type IdParams = { Params: { appId: string } };
type AppOf = (request: FastifyRequest, appId: string) => AppRecord;

export const appMetadataOf = (all: All) => all().appMetadata as AppMetadataState;

/** The AVUs of an `AvuListRequest` body (`{avus: [{attr, value, unit, id?}]}`), as new AVUs of the app by the user. */
export function avusFrom(body: unknown, appId: string, username: string): Avu[] {
  const avus = bodyObject(body).avus;
  if (!Array.isArray(avus)) throw missingField("avus");
  return avus.map((raw) => {
    const avu = bodyObject(raw);
    return newAvu(appId, username, {
      ...(typeof avu.id === "string" ? { id: avu.id } : {}),
      attr: requiredText(avu, "attr"),
      value: String(avu.value ?? ""),
      unit: String(avu.unit ?? ""),
    });
  });
}

/** The routes of one variant (users', checking permissions, or administrators', not checking). */
function avuRoutes(scope: FastifyInstance, prefix: string, state: () => AppMetadataState, read: AppOf, write: AppOf) {
  const list = (appId: string) => ({ avus: state().avus.get(appId) ?? [] });
  const avuList = answers({ 200: AvuList });
  scope.get<IdParams>(`${prefix}/:appId/metadata`, avuList, async (request) =>
    list(read(request, request.params.appId).id),
  );
  scope.post<IdParams>(`${prefix}/:appId/metadata`, avuList, async (request) => {
    const appId = write(request, request.params.appId).id;
    const added = avusFrom(request.body, appId, callerOf(request).username);
    const kept = (state().avus.get(appId) ?? []).filter(
      (avu) => !added.some((change) => change.attr === avu.attr && change.value === avu.value),
    );
    state().avus.set(appId, [...kept, ...added]);
    return list(appId);
  });
  scope.put<IdParams>(`${prefix}/:appId/metadata`, avuList, async (request) => {
    const appId = write(request, request.params.appId).id;
    state().avus.set(appId, avusFrom(request.body, appId, callerOf(request).username));
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
    avus: new Map(SEED_CLASSIFICATIONS.map(([appId, avus]) => [appId, structuredClone(avus)])),
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
