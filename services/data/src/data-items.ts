import type { BackendClient } from "@de-gateway/backend-clients";
import { badRequest, GatewayError } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import { EntryUuid, ExistenceByPath, StatsById, StatsByPath } from "./backend-answers.js";

/** A file's or folder's stat record from the file-info backend (fields the gateway reads). */
export interface Stat {
  id: string;
  path: string;
  type: "file" | "dir";
  label: string;
  permission: "read" | "write" | "own";
  "date-created": number;
  "date-modified": number;
  "file-size"?: number;
  "content-type"?: string;
  "dir-count"?: number;
  "file-count"?: number;
  [field: string]: unknown;
}

/**
 * Stat records by path. The backend answers 404 ERR_DOES_NOT_EXIST for any that does not exist, and leaves out any the
 * caller has no access to (data-info stat.clj do-stat: existence checked as its service account, then
 * `remove-missing-paths` as the caller).
 */
export async function statsOf(
  fileInfo: BackendClient,
  request: FastifyRequest,
  paths: readonly string[],
): Promise<Record<string, Stat>> {
  const answer = await fileInfo.json<{ paths: Record<string, Stat> }>(
    request,
    { method: "POST", path: "/path-info", json: { paths } },
    StatsByPath,
  );
  return answer.paths;
}

/** What the caller gets for an entry that exists but that they have no access to. */
export const notReadable = (request: FastifyRequest, path: string, details: Record<string, unknown> = { path }) =>
  new GatewayError(403, `${path} is not readable by ${request.user.username}`, "ERR_NOT_READABLE", details);

type Keyed = Record<string, unknown>;

/** Refuses, as ERR_NOT_READABLE naming them, the paths and ids a stat answer left out (see `statsOf`). */
export function refuseLeftOut(
  request: FastifyRequest,
  asked: { paths?: readonly string[]; ids?: readonly string[] },
  answer: { paths?: Keyed; ids?: Keyed },
): void {
  const paths = (asked.paths ?? []).filter((path) => answer.paths?.[path] === undefined);
  const ids = (asked.ids ?? []).filter((id) => answer.ids?.[id] === undefined);
  if (paths.length + ids.length === 0) return;
  throw notReadable(request, [...paths, ...ids].join(", "), {
    ...(paths.length > 0 ? { paths } : {}),
    ...(ids.length > 0 ? { ids } : {}),
  });
}

/** An entry's stat: ERR_DOES_NOT_EXIST when it does not exist, ERR_NOT_READABLE when the caller has no access to it. */
export async function statOf(fileInfo: BackendClient, request: FastifyRequest, path: string): Promise<Stat> {
  const stat = (await statsOf(fileInfo, request, [path]))[path];
  if (!stat) throw notReadable(request, path);
  return stat;
}

/**
 * For a backend call that checks existence as the caller, and so answers ERR_DOES_NOT_EXIST for what the caller has
 * no access to (clj-irods validate.clj `:path-exists`): tells the two apart by the entry's stat, ERR_NOT_READABLE for
 * one that exists. Any other failure is the call's.
 */
export async function unreadableOrMissing(
  fileInfo: BackendClient,
  request: FastifyRequest,
  path: string,
  error: unknown,
): Promise<never> {
  if (error instanceof GatewayError && error.errorCode === "ERR_DOES_NOT_EXIST") await statOf(fileInfo, request, path);
  throw error;
}

/**
 * Which of the paths exist and can be read, as the file-info backend's existence marker says: for the caller, or for
 * the service account `actAs` names.
 */
export async function existingPaths(
  fileInfo: BackendClient,
  request: FastifyRequest,
  paths: readonly string[],
  actAs?: string,
): Promise<Set<string>> {
  const answer = await fileInfo.json<{ paths?: Record<string, boolean> }>(
    request,
    { method: "POST", path: "/existence-marker", json: { paths }, ...(actAs ? { actAs } : {}) },
    ExistenceByPath,
  );
  return new Set(paths.filter((path) => answer.paths?.[path] === true));
}

/** The UUID of the entry at a path. */
export async function uuidOf(fileInfo: BackendClient, request: FastifyRequest, path: string): Promise<string> {
  const answer = await fileInfo.json<{ id: string }>(request, { path: "/data/uuid", query: { path } }, EntryUuid);
  return answer.id;
}

export const writeable = (stat: Stat): boolean => stat.permission === "write" || stat.permission === "own";

/** A folder the caller may write into, or the error the file-info backend's conventions give. */
export async function writeableFolder(fileInfo: BackendClient, request: FastifyRequest, path: string): Promise<Stat> {
  const stat = await statOf(fileInfo, request, path);
  if (stat.type !== "dir") throw badRequest(`${path} is not a folder`, "ERR_NOT_A_FOLDER", { path });
  if (!writeable(stat)) {
    throw new GatewayError(403, `${path} is not writeable by ${request.user.username}`, "ERR_NOT_WRITEABLE", { path });
  }
  return stat;
}

/**
 * Stat records by id, keyed by the id in lower case: ids come in any case, and the file-info backend keys its
 * answer by the ids as it got them. With `readableOnly`, ids that are missing or that the caller may not read are
 * left out; without it, the backend refuses the call for any of them.
 */
export async function statsByIds(
  fileInfo: BackendClient,
  request: FastifyRequest,
  ids: readonly string[],
  { readableOnly }: { readableOnly: boolean },
): Promise<Map<string, Stat>> {
  const answer = await fileInfo.json<{ ids?: Record<string, Stat> }>(
    request,
    {
      method: "POST",
      path: "/path-info",
      ...(readableOnly ? { query: { "ignore-missing": true, "ignore-inaccessible": true } } : {}),
      json: { ids },
    },
    StatsById,
  );
  return new Map(Object.entries(answer.ids ?? {}).map(([id, stat]) => [id.toLowerCase(), stat]));
}

/**
 * The entry with this UUID when the caller may read it; `undefined` when it does not exist or is not
 * readable, which callers answer as 404 without saying which.
 */
export async function readableEntry(
  fileInfo: BackendClient,
  request: FastifyRequest,
  id: string,
): Promise<Stat | undefined> {
  return (await statsByIds(fileInfo, request, [id], { readableOnly: true })).get(id.toLowerCase());
}

/** The metadata backend's name for an entry's kind. */
export const dataType = (stat: Stat): "file" | "folder" => (stat.type === "dir" ? "folder" : "file");
