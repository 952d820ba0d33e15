import { randomUUID } from "node:crypto";
import { badRequest, exists, notFound } from "../framework/problems.js";
import { type AppRecord, type AppVersionContent, type PipelineStep, VERSIONED_FIELDS } from "./catalog-store.js";

const contentOf = (app: AppRecord): AppVersionContent =>
  Object.fromEntries(VERSIONED_FIELDS.map((field) => [field, structuredClone(app[field])])) as AppVersionContent;

/** Every version of an app, latest first: its own content, then the earlier ones. */
export const versionsOf = (app: AppRecord): AppVersionContent[] => [contentOf(app), ...app.older_versions];

/** The `versions` list the backend shows with an app: label and id, latest first. */
export const versionList = (app: AppRecord) =>
  versionsOf(app).map(({ version, version_id }) => ({ version, version_id }));

/**
 * The app as it is at one version (the latest when no version is named). A version of another app is not found,
 * as the backend answers.
 */
export function atVersion(app: AppRecord, versionId?: string): AppRecord {
  if (versionId === undefined || versionId === app.version_id) return app;
  const version = app.older_versions.find((older) => older.version_id === versionId);
  if (!version) throw notFound(`app version ${versionId} not found for app ${app.id}`);
  return { ...app, ...structuredClone(version) };
}

/**
 * The task a single-step app's version runs, by which pipelines name their steps. The apps service gives each
 * version's task an id of its own; here a task is named by its version's id, which is as unique.
 */
export const taskIdOf = (app: AppRecord) => app.version_id;

/** The single-step app, at the version whose task it is, that a task id names (undefined when none does). */
export function appOfTask(apps: Iterable<AppRecord>, taskId: string): AppRecord | undefined {
  for (const app of apps) {
    if (app.steps) continue;
    if (app.version_id === taskId || app.older_versions.some((older) => older.version_id === taskId))
      return atVersion(app, taskId);
  }
  return undefined;
}

/** The app version each of a pipeline's steps runs, in the steps' order (undefined for a task no app runs). */
export function appsOfSteps(steps: readonly PipelineStep[], apps: Iterable<AppRecord>): (AppRecord | undefined)[] {
  const catalog = [...apps];
  return steps.map(({ task_id }) => appOfTask(catalog, task_id));
}

/** Applies a change to one version of an app (the latest when none is named) and keeps it. */
export function changeVersion(app: AppRecord, versionId: string | undefined, change: (version: AppRecord) => void) {
  const version = atVersion(app, versionId);
  change(version);
  if (version === app) return app;
  const index = app.older_versions.findIndex((older) => older.version_id === versionId);
  app.older_versions[index] = contentOf(version);
  return version;
}

function install(app: AppRecord, ordered: AppVersionContent[]) {
  const [latest, ...older] = ordered;
  if (!latest) throw badRequest(`app ${app.id} must keep at least one version`);
  Object.assign(app, latest);
  app.older_versions = older;
}

/** Adds a new latest version with the given content; version labels are unique within an app. */
export function addVersion(app: AppRecord, content: Omit<AppVersionContent, "version_id">): AppRecord {
  if (versionsOf(app).some(({ version }) => version === content.version)) {
    throw exists(`app ${app.id} already has a version ${content.version}`);
  }
  install(app, [{ ...content, version_id: randomUUID() }, ...versionsOf(app)]);
  return app;
}

/** Puts the versions in the given order (latest first); every version must be named exactly once. */
export function reorderVersions(app: AppRecord, versionIds: readonly string[]): AppRecord {
  const current = versionsOf(app);
  const named = new Set(versionIds);
  if (
    named.size !== versionIds.length ||
    named.size !== current.length ||
    current.some((v) => !named.has(v.version_id))
  )
    throw badRequest(`the new order must name each version of app ${app.id} once`, "ERR_ILLEGAL_ARGUMENT");
  install(
    app,
    versionIds.map((id) => current.find((version) => version.version_id === id) as AppVersionContent),
  );
  return app;
}

/** Deletes one version; the next becomes the latest. The only version of an app cannot be deleted. */
export function deleteVersion(app: AppRecord, versionId: string): void {
  atVersion(app, versionId);
  if (!app.older_versions.length) throw badRequest(`version ${versionId} is the only version of app ${app.id}`);
  install(
    app,
    versionsOf(app).filter((version) => version.version_id !== versionId),
  );
}
