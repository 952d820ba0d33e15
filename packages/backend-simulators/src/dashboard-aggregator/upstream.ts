import { failure } from "./errors.js";

/** The account the aggregator reads instant launches as (its configured app-exposer user). */
export const APP_EXPOSER_USER = "dashboard-aggregator";

/** Where the aggregator's HTTP backends answer now (ports change when a test stops and starts one). */
export interface Upstreams {
  apps: () => string;
  /** Without app-exposer (a platform that runs none), the dashboard has no instant launches. */
  appExposer?: (() => string) | undefined;
}

/** A GET to another backend; anything but 200 (or no answer) fails the dashboard with 500, as the aggregator does. */
async function getJson(url: URL): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  } catch (error) {
    throw failure(`${url.origin}${url.pathname}: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (response.status !== 200) {
    throw failure(`url ${url.origin}${url.pathname}; status code ${response.status}; msg: ${text}`);
  }
  return JSON.parse(text) as unknown;
}

const listingOf = (answer: unknown) => {
  const analyses = (answer as { analyses?: unknown } | null)?.analyses;
  return Array.isArray(analyses) ? analyses : [];
};

/** The user's latest analyses, as the aggregator asks the apps backend for them. */
export async function recentAnalyses(upstreams: Upstreams, username: string, limit: number) {
  const url = new URL("/analyses", upstreams.apps());
  url.search = new URLSearchParams({
    limit: String(limit),
    user: username,
    "sort-field": "startdate",
    "sort-dir": "DESC",
  }).toString();
  return listingOf(await getJson(url));
}

/** The user's running analyses. */
export async function runningAnalyses(upstreams: Upstreams, username: string, limit: number) {
  const url = new URL("/analyses", upstreams.apps());
  url.search = new URLSearchParams({
    limit: String(limit),
    user: username,
    filter: JSON.stringify([{ field: "status", value: "Running" }]),
  }).toString();
  return listingOf(await getJson(url));
}

/** The instant launches placed on the dashboard (`ui_location` = `dashboard`), in full. */
export async function dashboardInstantLaunches(upstreams: Upstreams): Promise<unknown[]> {
  if (!upstreams.appExposer) return [];
  const url = new URL("/instantlaunches/metadata/full", upstreams.appExposer());
  url.search = new URLSearchParams({ user: APP_EXPOSER_USER, attribute: "ui_location", value: "dashboard" }).toString();
  const answer = await getJson(url);
  return Array.isArray(answer) ? answer : [];
}
