import { DEFAULT_CONCURRENT_JOBS } from "../demo-world.js";
import { answers } from "../framework/answers.js";
import { defineModule } from "../framework/module.js";
import { JobLimit, JobLimits } from "./answer-schemas.js";
import { bind } from "./binding.js";
import { echoScope } from "./echo-errors.js";

/** How many analyses (VICE ones counted) a user may run at once: the default, and users' own limits. */
export interface JobLimitsState {
  defaultLimit: number;
  /** launcher (the short username, its first `-` stored as `_`) → limit. */
  limits: Map<string, number>;
}

/** The service stores the launcher with the first `-` of the name turned into `_` (Postgres regexp_replace). */
export const launcherOf = (username: string) => username.replace("-", "_");

/** A limit as the service answers it: the default one has no username. */
export function limitOf(state: JobLimitsState, username: string) {
  const launcher = launcherOf(username);
  const own = state.limits.get(launcher);
  return own === undefined
    ? { concurrent_jobs: state.defaultLimit, is_default: true }
    : { username: launcher, concurrent_jobs: own, is_default: false };
}

type User = { Params: { username: string } };

/**
 * `/settings/concurrent-job-limits`: listed (users' limits by name, then the default), read for a user (the default
 * when the user has none), set, and removed (answering the default). These routes take no `user` parameter.
 */
export const jobLimits = defineModule<JobLimitsState>({
  makeState: () => ({ defaultLimit: DEFAULT_CONCURRENT_JOBS, limits: new Map() }),
  routes: (app, state) =>
    echoScope(app, (scope) => {
      scope.get("/settings/concurrent-job-limits", answers({ 200: JobLimits }), async () => {
        const own = [...state().limits.entries()]
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([username, concurrentJobs]) => ({ username, concurrent_jobs: concurrentJobs, is_default: false }));
        return { limits: [...own, { concurrent_jobs: state().defaultLimit, is_default: true }] };
      });
      scope.get<User>("/settings/concurrent-job-limits/:username", answers({ 200: JobLimit }), async (request) =>
        limitOf(state(), request.params.username),
      );
      scope.put<User>("/settings/concurrent-job-limits/:username", answers({ 200: JobLimit }), async (request) => {
        const limit = bind(request.body, { concurrent_jobs: "integer" }).concurrent_jobs ?? 0;
        state().limits.set(launcherOf(request.params.username), limit);
        return limitOf(state(), request.params.username);
      });
      scope.delete<User>("/settings/concurrent-job-limits/:username", answers({ 200: JobLimit }), async (request) => {
        state().limits.delete(launcherOf(request.params.username));
        return { concurrent_jobs: state().defaultLimit, is_default: true };
      });
    }),
});
