import { marksOf, ratingOf } from "./app-marks.js";
import { BETA_AVU, carries, isBlessed } from "./app-metadata-store.js";
import { type AppRecord, catalogOf, permissionOf } from "./catalog-store.js";
import { isInteractive, limitChecksOf } from "./limit-checks.js";

type All = () => Record<string, unknown>;

/** An app's dates as the apps service prints them (ISO instants); an app never published has no integration date. */
export const appDates = (app: AppRecord) => ({
  ...(app.integration_date ? { integration_date: new Date(app.integration_date).toISOString() } : {}),
  ...(app.edited_date ? { edited_date: new Date(app.edited_date).toISOString() } : {}),
});

/** The app's overall job type: `interactive` for an app of a VICE tool, else `executable`. */
export const overallJobType = (app: AppRecord, all: All) => (isInteractive(app, all) ? "interactive" : "executable");

/** The name of the job type the app's step runs as (de-database's `job_types`): `Interactive` or `DE`. */
export const jobTypeName = (app: AppRecord, all: All) => (isInteractive(app, all) ? "Interactive" : "DE");

/**
 * The apps of the job type a listing's `app-type` names, all when it names none (app_listing.clj
 * `add-app-type-where-clause`: an app with a step of that job type, `DE` or `Interactive` here).
 */
export function ofAppType(apps: AppRecord[], query: Record<string, unknown>, all: All): AppRecord[] {
  const wanted = query["app-type"];
  if (typeof wanted !== "string" || wanted === "") return apps;
  return apps.filter((app) => jobTypeName(app, all) === wanted);
}

/** listings.clj `validate-app-pipeline-eligibility`: a step of one executable app, nothing else. */
function pipelineEligibility(app: AppRecord, all: All) {
  const steps = app.steps?.length ?? 1;
  const jobType = overallJobType(app, all);
  const reason =
    steps > 1
      ? `Analysis, ${app.id}, has too many steps for a pipeline.`
      : jobType !== "executable"
        ? `Job type, ${jobType}, can't currently be included in a pipeline.`
        : "";
  return { is_valid: reason === "", reason };
}

/**
 * An app as listings show it to one user: with permission, favorite flag, rating and whether the user may run it;
 * `beta` and `isBlessed` say whether it carries the beta and the certified AVU (listings.clj `get-app-listing-formatter`).
 */
export function listingDetail(app: AppRecord, username: string, all: All) {
  const marks = marksOf(all);
  return {
    id: app.id,
    system_id: app.system_id,
    version: app.version,
    version_id: app.version_id,
    name: app.name,
    description: app.description,
    ...appDates(app),
    app_type: "DE",
    overall_job_type: overallJobType(app, all),
    can_favor: true,
    can_rate: true,
    can_run: app.tool_ids.length > 0 || (app.steps?.length ?? 0) > 0,
    deleted: app.deleted,
    disabled: app.disabled,
    integrator_email: app.integrator_email,
    integrator_name: app.integrator_name,
    is_favorite: marks.favorites.get(username)?.has(app.id) ?? false,
    is_public: app.is_public,
    beta: carries(all, app.id, BETA_AVU),
    isBlessed: isBlessed(all, app.id),
    permission: permissionOf(catalogOf(all), app, username) ?? "",
    pipeline_eligibility: pipelineEligibility(app, all),
    rating: ratingOf(marks, app.id, username),
    step_count: app.steps?.length ?? 1,
    limitChecks: limitChecksOf(app, username, all),
    ...(app.wiki_url ? { wiki_url: app.wiki_url } : {}),
  };
}
