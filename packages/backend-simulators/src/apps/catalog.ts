import type { FastifyInstance } from "fastify";
import { answers } from "../framework/answers.js";
import { type Caller, callerOf, queryOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope } from "../framework/problems.js";
import { paged, queryText } from "../framework/request-values.js";
import { AdminAppListing, AppIdList, AppListing } from "./answer-schemas/apps.js";
import { listingDetail, ofAppType } from "./app-listing.js";
import { type AppRecord, type CatalogState, makeCatalogState, visibleApps } from "./catalog-store.js";
import { endedWithin, listingJobStats } from "./job-stats.js";
import { workspaceOf } from "./login.js";
import { searchMatcher } from "./search-terms.js";
import { toolsOf } from "./tools-store.js";

function listing(
  apps: AppRecord[],
  query: Record<string, unknown>,
  caller: Caller,
  all: () => Record<string, unknown>,
  admin = false,
) {
  const matches = searchMatcher(queryText(query, "search"));
  const window = admin ? endedWithin(query) : undefined;
  // app_search.clj `add-search-term-where-clauses`: the app's name, description, integrator and tools' names.
  const toolNames = (app: AppRecord) => app.tool_ids.map((id) => toolsOf(all).tools.get(id)?.name ?? "");
  const found = ofAppType(apps, query, all)
    .filter((app) => matches(app.name, app.description, app.integrator_name, ...toolNames(app)))
    .map((app) => ({
      ...listingDetail(app, caller.username, all),
      ...(window ? { job_stats: listingJobStats(app.id, all, window) } : {}),
    }));
  return { total: found.length, apps: paged(found, query, "name") };
}

/** The app catalogue: search listings for users and administrators, and the id list. */
export const catalog = defineModule<CatalogState>({
  makeState: makeCatalogState,
  routes: (app: FastifyInstance, state, all) =>
    backendScope(app, (scope) => {
      scope.get("/apps", answers({ 200: AppListing }), async (request) => {
        const caller = callerOf(request);
        workspaceOf(all, caller.username);
        return listing(visibleApps(state(), caller.username), queryOf(request), caller, all);
      });
      // Retired from the apps service in 2016 (CORE-8062), simulated as it was: every app that runs a tool (or
      // is a pipeline of such apps), deleted or not, for the export script; in order of id.
      scope.get("/apps/ids", answers({ 200: AppIdList }), async (request) => {
        callerOf(request);
        const runsTools = (app: AppRecord) => app.tool_ids.length > 0 || (app.steps?.length ?? 0) > 0;
        return {
          app_ids: [...state().apps.values()]
            .filter(runsTools)
            .map((app) => app.id)
            .sort(),
        };
      });
      scope.get("/admin/apps", answers({ 200: AdminAppListing }), async (request) => {
        // Administrators see every app, deleted ones included, so that they can be restored.
        const caller = callerOf(request);
        workspaceOf(all, caller.username);
        return listing([...state().apps.values()], queryOf(request), caller, all, true);
      });
    }),
});
