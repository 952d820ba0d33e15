import { readFileSync } from "node:fs";
import { type CatalogueRow, fastifyPath, readCatalogue, rowKey } from "./catalogue.js";

export interface RouteEntry {
  method: string;
  url: string;
  auth: string | undefined;
}

export interface ConformanceReport {
  /** Rows of the service that are neither registered nor listed as pending. */
  missing: string[];
  /** Rows listed as pending that are in fact registered: take them off the list. */
  implementedButPending: string[];
  /** Pending entries that are not rows of this service at all. */
  unknownPending: string[];
  /** Registered rows whose access level differs from the catalogue's auth column. */
  wrongAccess: string[];
}

/** Reads a pending list: one `METHOD /path` a line; blank lines and `#` comments ignored. */
export function readPending(file: string | URL): string[] {
  return readFileSync(file, "utf8")
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*/, "").trim())
    .filter(Boolean);
}

/** What a conformant service's report looks like. */
export const CONFORMANT: ConformanceReport = {
  missing: [],
  implementedButPending: [],
  unknownPending: [],
  wrongAccess: [],
};

const normalisedParams = (url: string) => url.replace(/:[^/]+/g, ":");

/**
 * Whether a route's access is the row's. A seed row open to anyone (`none`) may also take a token (`optional`), as
 * the seed's POST /apps/arg-preview does; every other level must be the row's own.
 */
export const accessMatches = (row: Pick<CatalogueRow, "auth">, routeAuth: string | undefined) => {
  const declared = routeAuth ?? "user";
  if (row.auth === "none") return declared === "none" || declared === "optional";
  return declared === row.auth;
};

/**
 * Compares a service's registered routes with its catalogue rows. The pending list may only shrink:
 * a pending row that is registered is reported, as is any row that is missing without being pending.
 */
export function conformance(
  service: string,
  routes: readonly RouteEntry[],
  pending: readonly string[],
  rows: readonly CatalogueRow[] = readCatalogue(),
): ConformanceReport {
  const own = rows.filter((row) => row.service === service);
  const findRoute = (row: CatalogueRow) =>
    routes.find(
      (route) => route.method === row.method && normalisedParams(route.url) === normalisedParams(fastifyPath(row.path)),
    );
  const pendingSet = new Set(pending);
  const ownKeys = new Set(own.map(rowKey));
  const report: ConformanceReport = { missing: [], implementedButPending: [], unknownPending: [], wrongAccess: [] };
  for (const row of own) {
    const route = findRoute(row);
    const key = rowKey(row);
    if (!route && !pendingSet.has(key)) report.missing.push(key);
    if (route && pendingSet.has(key)) report.implementedButPending.push(key);
    if (route && !accessMatches(row, route.auth) && !(row.auth === "admin" && row.path.startsWith("/admin/"))) {
      report.wrongAccess.push(`${key}: catalogue says ${row.auth}, route says ${route.auth ?? "user"}`);
    }
  }
  report.unknownPending = pending.filter((key) => !ownKeys.has(key));
  return report;
}

/** A service's catalogue rows that are built: its rows less those its pending list names. */
export function builtRows(
  service: string,
  pendingFile: string | URL,
  rows: readonly CatalogueRow[] = readCatalogue(),
): CatalogueRow[] {
  const pending = new Set(readPending(pendingFile));
  return rows.filter((row) => row.service === service && !pending.has(rowKey(row)));
}
