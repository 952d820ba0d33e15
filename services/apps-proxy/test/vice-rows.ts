import { type CatalogueRow, readCatalogue } from "@de-gateway/catalogue";

/** The catalogue rows of interactive analyses, instant launches and access requests. */
const FAMILY =
  /^\/(vice|admin\/vice|instantlaunches|admin\/instant-launches|requests|admin\/requests|admin\/request-types)(\/|$)|^\/analyses\/\{analysis-id\}\/(logs|time-limit)$/;

export const viceRows = (): CatalogueRow[] =>
  readCatalogue().filter((row) => row.service === "apps-proxy" && FAMILY.test(row.path));

/** A body each row accepts, where it takes one and an empty object is not enough. */
const QUICK_LAUNCH = { quick_launch_id: "e7f6a5b4-0000-4000-8000-000000000001" };
const BODIES: Record<string, unknown> = {
  "POST /requests/vice": { intended_use: "notebooks", concurrent_jobs: 2 },
  "PUT /instantlaunches": QUICK_LAUNCH,
  "PUT /admin/instant-launches": QUICK_LAUNCH,
  "POST /instantlaunches/{id}": QUICK_LAUNCH,
  "POST /admin/instant-launches/{id}": QUICK_LAUNCH,
};
/** A query each row needs. */
const QUERIES: Record<string, string> = {
  "GET /vice/async-data": "?external-id=4a5b",
  "GET /admin/vice/async-data": "?external-id=4a5b",
};
/** Placeholders whose values must be UUIDs (instant launches', operators' and requests' ids). */
const SAMPLES: Record<string, string> = {
  id: "0e0e0e0e-0000-4000-8000-00000000beef",
  "request-id": "0e0e0e0e-0000-4000-8000-00000000cafe",
};

/** The row's path with every placeholder filled, and its body. */
export function requestFor(row: CatalogueRow, values: Record<string, string> = {}) {
  const key = `${row.method} ${row.path}`;
  const url =
    row.path.replace(/\{([^}]+)\}/g, (_all, name: string) => values[name] ?? SAMPLES[name] ?? `sample-${name}`) +
    (QUERIES[key] ?? "");
  const body = ["POST", "PUT", "PATCH"].includes(row.method) ? (BODIES[key] ?? {}) : undefined;
  return { url, body };
}

export const userFor = (row: CatalogueRow) => (row.auth === "admin" ? "carol" : "alice");
