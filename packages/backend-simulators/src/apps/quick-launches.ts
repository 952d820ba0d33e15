import { randomUUID } from "node:crypto";
import { callerOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest, notFound } from "../framework/problems.js";
import { bodyObject, requiredText } from "../framework/request-values.js";
import { jobView } from "./app-views.js";
import { type CatalogState, catalogOf, permissionOf, readableApp } from "./catalog.js";
import { SEED_APP_IDS } from "./seed-ids.js";

/** Saved default values for launching an app; `submission` is the body POST /analyses accepts. */
export interface QuickLaunchRecord {
  id: string;
  name: string;
  description: string;
  creator: string;
  app_id: string;
  is_public: boolean;
  submission: Record<string, unknown>;
}

export interface QuickLaunchesState {
  quickLaunches: Map<string, QuickLaunchRecord>;
}

const SEED_QUICK_LAUNCHES: readonly QuickLaunchRecord[] = [
  {
    id: "e7f6a5b4-0000-4000-8000-000000000001",
    name: "Count lines",
    description: "Word Count, counting lines only",
    creator: "carol",
    app_id: SEED_APP_IDS.wordCount,
    is_public: true,
    submission: { config: { [`${SEED_APP_IDS.wordCount}_0b9b4f2e-1d3c-4a5b-8c7d-000000000012`]: true } },
  },
  {
    id: "e7f6a5b4-0000-4000-8000-000000000002",
    name: "Align against hg38",
    description: "",
    creator: "alice",
    app_id: SEED_APP_IDS.aliceAligner,
    is_public: false,
    submission: { config: {} },
  },
];

/**
 * Who sees a quick launch: its creator always; anyone else only when it is public and they can see
 * its app (public, or shared with them).
 */
function visible(catalog: CatalogState, quickLaunch: QuickLaunchRecord, username: string): boolean {
  if (quickLaunch.creator === username) return true;
  const app = catalog.apps.get(quickLaunch.app_id);
  return (
    quickLaunch.is_public && app !== undefined && !app.deleted && permissionOf(catalog, app, username) !== undefined
  );
}

/** Apps backend: quick launches (the analyses service's endpoints in the real platform). */
export const quickLaunches = defineModule<QuickLaunchesState>({
  makeState: () => ({
    quickLaunches: new Map(SEED_QUICK_LAUNCHES.map((quickLaunch) => [quickLaunch.id, structuredClone(quickLaunch)])),
  }),
  routes: (app, state, all) =>
    backendScope(app, (scope) => {
      const visibleTo = (username: string) =>
        [...state().quickLaunches.values()].filter((quickLaunch) => visible(catalogOf(all), quickLaunch, username));
      scope.get("/quicklaunches", async (request) => visibleTo(callerOf(request).username));
      scope.post("/quicklaunches", async (request) => {
        const caller = callerOf(request);
        const body = bodyObject(request.body);
        const app = readableApp(catalogOf(all), requiredText(body, "app_id"), caller.username);
        if (typeof body.submission !== "object" || body.submission === null || Array.isArray(body.submission)) {
          throw badRequest("submission must be a JSON object", "ERR_BAD_OR_MISSING_FIELD");
        }
        const quickLaunch: QuickLaunchRecord = {
          id: randomUUID(),
          name: requiredText(body, "name"),
          description: typeof body.description === "string" ? body.description : "",
          creator: caller.username,
          app_id: app.id,
          is_public: body.is_public === true,
          submission: body.submission as Record<string, unknown>,
        };
        state().quickLaunches.set(quickLaunch.id, quickLaunch);
        return quickLaunch;
      });
      scope.get<{ Params: { appId: string } }>("/quicklaunches/apps/:appId", async (request) =>
        visibleTo(callerOf(request).username).filter((quickLaunch) => quickLaunch.app_id === request.params.appId),
      );
      scope.get<{ Params: { quickLaunchId: string } }>("/quicklaunches/:quickLaunchId/app-info", async (request) => {
        const caller = callerOf(request);
        const quickLaunch = state().quickLaunches.get(request.params.quickLaunchId);
        if (!quickLaunch || !visible(catalogOf(all), quickLaunch, caller.username)) {
          throw notFound(`quick launch ${request.params.quickLaunchId} not found`);
        }
        const config = quickLaunch.submission.config;
        const values = typeof config === "object" && config !== null ? (config as Record<string, unknown>) : {};
        return jobView(readableApp(catalogOf(all), quickLaunch.app_id, caller.username), values);
      });
    }),
});
