import { randomUUID } from "node:crypto";
import { SEED_APPS } from "../apps/catalog-store.js";
import { referencedRowDeleted } from "../de-database-errors.js";
import { qualifiedUsername } from "../demo-users.js";
import { JUPYTER_QUICK_LAUNCH } from "../demo-world.js";
import { answers } from "../framework/answers.js";
import { defineModule } from "../framework/module.js";
import { SEED_APP_IDS } from "../seed-ids.js";
import { Deletion, QuickLaunch, QuickLaunchAppInfo, QuickLaunches } from "./answer-schemas.js";
import { type AppsState, appRefused, filledForm, launchForm } from "./apps-catalogue.js";
import { bind } from "./binding.js";
import { badRequest, EchoError, echoScope, notFound } from "./echo-errors.js";
import { knownUser, userOf } from "./users.js";

/** Saved values for launching an app; `submission` is what the launch form submits (`POST /analyses`). */
export interface QuickLaunchRecord {
  id: string;
  /** The qualified name of the user who saved it. */
  creator: string;
  app_id: string;
  app_version_id: string;
  name: string;
  description: string;
  is_public: boolean;
  submission: unknown;
}

export interface QuickLaunchesState {
  quickLaunches: Map<string, QuickLaunchRecord>;
}

/** The version a seed app starts with: the one its seed quick launches were saved from. */
const seedVersionOf = (appId: string) => SEED_APPS.find((app) => app.id === appId)?.version_id ?? "";

export const SEED_QUICK_LAUNCHES: readonly QuickLaunchRecord[] = [
  {
    id: "e7f6a5b4-0000-4000-8000-000000000001",
    creator: qualifiedUsername("carol"),
    app_id: SEED_APP_IDS.wordCount,
    app_version_id: seedVersionOf(SEED_APP_IDS.wordCount),
    name: "Count lines",
    description: "Word Count, counting lines only",
    is_public: true,
    submission: { config: { [`${SEED_APP_IDS.wordCount}_0b9b4f2e-1d3c-4a5b-8c7d-000000000012`]: true } },
  },
  {
    id: "e7f6a5b4-0000-4000-8000-000000000002",
    creator: qualifiedUsername("alice"),
    app_id: SEED_APP_IDS.aliceAligner,
    app_version_id: seedVersionOf(SEED_APP_IDS.aliceAligner),
    name: "Align against hg38",
    description: "",
    is_public: false,
    submission: { config: {} },
  },
  {
    // Offered as an instant launch (app-exposer's seed): it needs no input, so it can sit on the dashboard.
    id: JUPYTER_QUICK_LAUNCH.id,
    creator: JUPYTER_QUICK_LAUNCH.creator,
    app_id: JUPYTER_QUICK_LAUNCH.appId,
    app_version_id: seedVersionOf(JUPYTER_QUICK_LAUNCH.appId),
    name: "JupyterLab",
    description: "A JupyterLab session with the data science stack",
    is_public: true,
    submission: { config: {} },
  },
];

/**
 * The analyses service's tables whose foreign key names a quick launch without `ON DELETE`, in the order PostgreSQL
 * checks them (their creation, de-database 000010), by the module and map that keep their rows here.
 */
const REFERENCING = [
  ["quick_launch_favorites", "favorites", "favorites"],
  ["quick_launch_user_defaults", "userDefaults", "userDefaults"],
  ["quick_launch_global_defaults", "globalDefaults", "globalDefaults"],
] as const;

/** A delete those foreign keys refuse, answered with 500 (httphandlers/quicklaunches.go DeleteQuickLaunchHandler). */
function refuseReferenced(all: Record<string, unknown>, quickLaunchId: string): void {
  for (const [table, module, rows] of REFERENCING) {
    const kept = (all[module] as Record<string, Map<string, { quick_launch_id: string }>> | undefined)?.[rows];
    if ([...(kept?.values() ?? [])].some((row) => row.quick_launch_id === quickLaunchId)) {
      throw new EchoError(500, referencedRowDeleted("quick_launches", table, "quick_launch_id"));
    }
  }
}

export const quickLaunchesOf = (all: () => Record<string, unknown>) => all().quickLaunches as QuickLaunchesState;

/** The service shows a quick launch to its creator, and a public one to anyone. */
export const visibleTo = (quickLaunch: QuickLaunchRecord, user: string) =>
  quickLaunch.creator === user || quickLaunch.is_public;

/** A quick launch the user may see, or 404 as the service answers an unknown one. */
export function visibleQuickLaunch(state: QuickLaunchesState, id: string, user: string): QuickLaunchRecord {
  const quickLaunch = state.quickLaunches.get(id);
  if (!quickLaunch || !visibleTo(quickLaunch, user)) throw notFound("quick launch", id);
  return quickLaunch;
}

const isSubmission = (value: unknown) => value === null || (typeof value === "object" && !Array.isArray(value));

const QUICK_LAUNCH_FIELDS = {
  name: "string",
  description: "string",
  app_id: "string",
  app_version_id: "string",
  is_public: "boolean",
} as const;

type Id = { Params: { id: string } };

/**
 * Quick launches as cyverse-de/analyses keeps them: saving one gets its app from the apps backend as the caller
 * (an app the caller cannot get is refused); the submission is stored as it is and merged key by key on change.
 */
export function quickLaunches(apps: AppsState) {
  return defineModule<QuickLaunchesState>({
    makeState: () => ({
      quickLaunches: new Map(SEED_QUICK_LAUNCHES.map((quickLaunch) => [quickLaunch.id, structuredClone(quickLaunch)])),
    }),
    routes: (app, state, all) =>
      echoScope(app, (scope) => {
        const listFor = (user: string) =>
          [...state().quickLaunches.values()].filter((quickLaunch) => visibleTo(quickLaunch, user));
        scope.get("/quicklaunches", answers({ 200: QuickLaunches }), async (request) => listFor(userOf(request)));
        scope.post("/quicklaunches", answers({ 200: QuickLaunch }), async (request) => {
          const user = userOf(request);
          const fields = bind(request.body, QUICK_LAUNCH_FIELDS);
          const submission = (request.body as Record<string, unknown> | undefined)?.submission;
          const form = launchForm(
            apps,
            user,
            { id: fields.app_id ?? "", versionId: fields.app_version_id },
            appRefused,
          );
          if (submission === undefined || !isSubmission(submission)) throw badRequest("invalid submission JSON");
          const quickLaunch: QuickLaunchRecord = {
            id: randomUUID(),
            creator: user,
            app_id: fields.app_id ?? "",
            app_version_id: form.version_id,
            name: fields.name ?? "",
            description: fields.description ?? "",
            is_public: fields.is_public ?? false,
            submission,
          };
          state().quickLaunches.set(quickLaunch.id, quickLaunch);
          return quickLaunch;
        });
        scope.get<Id>("/quicklaunches/apps/:id", answers({ 200: QuickLaunches }), async (request) =>
          listFor(userOf(request)).filter((quickLaunch) => quickLaunch.app_id === request.params.id),
        );
        scope.get<Id>("/quicklaunches/:id", answers({ 200: QuickLaunch }), async (request) =>
          visibleQuickLaunch(state(), request.params.id, userOf(request, 404)),
        );
        scope.patch<Id>("/quicklaunches/:id", answers({ 200: QuickLaunch }), async (request) => {
          const changes = bind(request.body, { ...QUICK_LAUNCH_FIELDS, creator: "string", submission: "object" });
          const user = userOf(request, 404);
          const quickLaunch = visibleQuickLaunch(state(), request.params.id, user);
          const app = {
            id: changes.app_id ?? quickLaunch.app_id,
            versionId: changes.app_version_id ?? quickLaunch.app_version_id,
          };
          launchForm(apps, user, app, (reason) => badRequest(`failed to get app version: ${reason}`));
          // Only the creator's row is changed: the update does not find another user's public quick launch, nor
          // the new creator's user row, and the service answers those errors with 500
          // (httphandlers/quicklaunches.go UpdateQuickLaunchHandler, db/quicklaunches.go UpdateQuickLaunch).
          if (quickLaunch.creator !== user) throw new EchoError(500, `quick launch not found: ${quickLaunch.id}`);
          if (changes.creator !== undefined && !knownUser(changes.creator)) {
            throw new EchoError(500, `user not found: ${changes.creator}`);
          }
          // The update is read back as the caller (GetQuickLaunch): a private one given to another creator is not
          // found, and the service answers 500 and rolls the change back.
          const givenAway = changes.creator !== undefined && changes.creator !== user;
          if (givenAway && !(changes.is_public ?? quickLaunch.is_public)) {
            throw new EchoError(500, `quick launch not found: ${quickLaunch.id}`);
          }
          const { submission, ...rest } = changes;
          Object.assign(quickLaunch, rest);
          if (submission) quickLaunch.submission = { ...(quickLaunch.submission as object), ...submission };
          return quickLaunch;
        });
        scope.delete<Id>("/quicklaunches/:id", answers({ 200: Deletion }), async (request) => {
          const user = userOf(request);
          const quickLaunch = state().quickLaunches.get(request.params.id);
          // Deleting what is not there (or not the caller's) succeeds, as the service's idempotent delete does. A
          // quick launch someone made a favorite or a default stays: those tables' foreign keys refuse the delete.
          if (quickLaunch?.creator === user) {
            refuseReferenced(all(), quickLaunch.id);
            state().quickLaunches.delete(quickLaunch.id);
          }
          return { id: request.params.id };
        });
        scope.get<Id>("/quicklaunches/:id/app-info", answers({ 200: QuickLaunchAppInfo }), async (request) => {
          const user = userOf(request, 404);
          const quickLaunch = visibleQuickLaunch(state(), request.params.id, user);
          const app = { id: quickLaunch.app_id, versionId: quickLaunch.app_version_id };
          const form = launchForm(apps, user, app, (reason) => {
            return new EchoError(500, `failed to get app version: ${reason}`);
          });
          return filledForm(form, quickLaunch.submission);
        });
      }),
  });
}
