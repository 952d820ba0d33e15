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

/** A route open to anyone that also takes a token (`optional`) is unsecured in the catalogue's terms. */
const openAs = (auth: string | undefined) => (auth === "optional" ? "none" : (auth ?? "user"));

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
    if (route && openAs(route.auth) !== row.auth && !(row.auth === "admin" && row.path.startsWith("/admin/"))) {
      report.wrongAccess.push(`${key}: catalogue says ${row.auth}, route says ${route.auth ?? "user"}`);
    }
  }
  report.unknownPending = pending.filter((key) => !ownKeys.has(key));
  return report;
}
