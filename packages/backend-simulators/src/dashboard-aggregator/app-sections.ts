import type { AnalysesState } from "../apps/analyses-store.js";
import type { AppMarksState } from "../apps/app-marks.js";
import type { AppRecord, CatalogState } from "../apps/catalog-store.js";
import { qualifiedUsername } from "../demo-users.js";
import type { AvusState } from "../metadata/avu-store.js";
import { failure } from "./errors.js";

/** What the aggregator reads from the platform's database, here the apps simulator's state. */
export interface DashboardAppsView {
  catalog: CatalogState;
  analyses: AnalysesState;
  appMarks: AppMarksState;
  /** The metadata service's AVUs, which the aggregator asks to filter the apps for the featured ones. */
  metadataAvus: AvusState;
}

/**
 * The AVU of the apps an administrator blessed, as the platform configures the aggregator
 * (`metadata.featured_apps_attr` and `metadata.featured_apps_value`).
 */
const FEATURED_APPS_AVU = { attr: "cyverse-blessed", value: "true" };

/** The featured apps' ids (app.go `featuredAppIDs`: the metadata service's `/avus/filter-targets`). */
const featuredIds = (view: DashboardAppsView) =>
  new Set(
    [...view.metadataAvus.avus.values()]
      .filter(
        (avu) =>
          avu.target_type === "app" &&
          avu.attribute === FEATURED_APPS_AVU.attr &&
          avu.value === FEATURED_APPS_AVU.value,
      )
      .map((avu) => avu.target_id),
  );

/** Which apps, how many, and how far back analyses count (`start-date-interval`, in milliseconds). */
export interface SectionQuery {
  /** The short username (the aggregator's database keys users by name). */
  username: string;
  limit: number;
  since: number;
}

/**
 * A section's items under the limit as the database query takes it (goqu's Limit of the limit as a uint): 0 sets
 * none, and a negative one wraps to 2^64 - 1, which Postgres refuses as a bigint (db/apps.go).
 */
function limited<T>(items: T[], limit: number): T[] {
  if (limit < 0) throw failure("pq: bigint out of range");
  return limit === 0 ? items : items.slice(0, limit);
}
const date = (millis: number | undefined) => (millis ? new Date(millis).toISOString() : null);
const usable = (app: AppRecord) => !app.deleted && !app.disabled;
const newestFirst = (a: AppRecord, b: AppRecord) => b.integration_date - a.integration_date;
/** `ORDER BY integration_date DESC` as Postgres sorts it: the never published (NULL) first, in the table's order. */
const newestFirstUnpublishedBefore = (a: AppRecord, b: AppRecord) =>
  Number(b.integration_date === 0) - Number(a.integration_date === 0) || newestFirst(a, b);

/** The public apps (the aggregator asks the permissions service for what the public group may read). */
const publicIds = (view: DashboardAppsView) =>
  new Set([...view.catalog.apps.values()].filter((app) => app.is_public).map((app) => app.id));

/** An app as the aggregator's queries answer it. */
function appItem(view: DashboardAppsView, app: AppRecord, query: SectionQuery, jobCount: string | null = null) {
  return {
    id: app.id,
    system_id: "de",
    name: app.name,
    description: app.description,
    wiki_url: app.wiki_url ?? null,
    integration_date: date(app.integration_date),
    edited_date: date(app.edited_date),
    // The platform's own apps were integrated by no user: the view's integrator_username is NULL.
    username: app.integrator_username ? qualifiedUsername(app.integrator_username) : null,
    job_count: jobCount,
    is_favorite: view.appMarks.favorites.get(query.username)?.has(app.id) ?? false,
    is_public: publicIds(view).has(app.id),
  };
}

const apps = (view: DashboardAppsView) => [...view.catalog.apps.values()];

/** The apps the user integrated, newest first after those never published (db/apps.go RecentlyAddedApps). */
export function recentlyAddedApps(view: DashboardAppsView, query: SectionQuery) {
  const own = apps(view).filter((app) => usable(app) && app.integrator_username === query.username);
  return limited(own.sort(newestFirstUnpublishedBefore), query.limit).map((app) => appItem(view, app, query));
}

/** The public apps, newest first. */
export function publicApps(view: DashboardAppsView, query: SectionQuery) {
  const shown = apps(view).filter((app) => usable(app) && app.is_public && app.integration_date);
  return limited(shown.sort(newestFirst), query.limit).map((app) => appItem(view, app, query));
}

/** The apps the user ran within the interval, the most recently started first. */
export function recentlyUsedApps(view: DashboardAppsView, query: SectionQuery) {
  const lastRun = new Map<string, number>();
  for (const analysis of view.analyses.analyses.values()) {
    if (analysis.username !== query.username || analysis.startdate <= query.since) continue;
    lastRun.set(analysis.app_id, Math.max(lastRun.get(analysis.app_id) ?? 0, analysis.startdate));
  }
  const used = [...lastRun.entries()]
    .sort(([, a], [, b]) => b - a)
    .flatMap(([id]) => {
      const app = view.catalog.apps.get(id);
      return app && usable(app) ? [app] : [];
    });
  return limited(used, query.limit).map((app) => appItem(view, app, query));
}

/**
 * The featured public apps by how often anyone ran them within the interval. As the aggregator's query joins the
 * analyses and keeps recent ones or none, a featured app whose analyses all started earlier is left out.
 */
export function popularFeaturedApps(view: DashboardAppsView, query: SectionQuery) {
  const featured = featuredIds(view);
  const analyses = [...view.analyses.analyses.values()];
  const counted = apps(view).flatMap((app) => {
    if (!featured.has(app.id) || !app.is_public || !usable(app) || !app.integration_date) return [];
    const runs = analyses.filter((analysis) => analysis.app_id === app.id);
    const recent = runs.filter((analysis) => analysis.startdate >= query.since).length;
    return runs.length && !recent ? [] : [{ app, recent }];
  });
  counted.sort((a, b) => b.recent - a.recent);
  return limited(counted, query.limit).map(({ app, recent }) => appItem(view, app, query, String(recent)));
}
