import type { BackendClient } from "@de-gateway/backend-clients";
import type { FastifyRequest } from "fastify";
import { type Stat, statsByIds } from "../data-items.js";
import type { Requester } from "./requester.js";

/** One entry of a request's status history, as the metadata backend keeps it. */
export interface StatusUpdate {
  status: string;
  status_date: number;
  updated_by: string;
  comments?: string;
}

interface StoredBase {
  id: string;
  type: string;
  target_id: string;
  target_type: string;
  requested_by: string;
  original_path?: string;
}

/** A permanent-id request as the metadata backend details it. */
export interface StoredRequest extends StoredBase {
  permanent_id?: string;
  history: StatusUpdate[];
}

/** A row of the metadata backend's request listings. */
export interface StoredRow extends StoredBase {
  date_submitted: number;
  status: string;
  date_updated: number;
  updated_by: string;
}

/** A request as the gateway shows it: the target's id and type replaced by the folder's stat (null when unreadable). */
export type Shown<T extends StoredBase> = Omit<T, "target_id" | "target_type"> & { folder: Stat | null };
export type ShownRequest = Shown<StoredRequest>;
/** A request's details as the gateway shows them: with its folder, and the requester looked up. */
export type DetailedRequest = Omit<ShownRequest, "requested_by"> & { requested_by: Requester | string };

/** Stats of the folders the caller can read, by id; missing or unreadable ones are left out. */
export async function readableFolders(
  fileInfo: BackendClient,
  request: FastifyRequest,
  ids: readonly string[],
): Promise<Map<string, Stat>> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (unique.length === 0) return new Map();
  return statsByIds(fileInfo, request, unique, { readableOnly: true });
}

export function shown<T extends StoredBase>(stored: T, folders: Map<string, Stat>): Shown<T> {
  const { target_id, target_type: _type, ...rest } = stored;
  return { ...rest, folder: folders.get(target_id.toLowerCase()) ?? null };
}

/** Requests with their folders, looked up in one call as the caller. */
export async function shownAll<T extends StoredBase>(
  fileInfo: BackendClient,
  request: FastifyRequest,
  requests: readonly T[],
): Promise<Array<Shown<T>>> {
  const folders = await readableFolders(
    fileInfo,
    request,
    requests.map((stored) => stored.target_id),
  );
  return requests.map((stored) => shown(stored, folders));
}

export const latestUpdate = (entry: { history?: StatusUpdate[] }): StatusUpdate | undefined => entry.history?.at(-1);
