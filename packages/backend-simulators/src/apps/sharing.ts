import { badRequest } from "../framework/problems.js";
import { bodyObject } from "../framework/request-values.js";
import type { AppPermission } from "./catalog-store.js";

const PERMISSIONS: readonly AppPermission[] = ["read", "write", "own"];

/** What sharing needs to know about one kind of resource (apps, tools). */
export interface ShareableKind {
  idKey: string;
  nameKey: string;
  /** The fields naming one resource in sharing answers (apps: `system_id` and `app_id`; tools: `tool_id`). */
  qualified(id: string): Record<string, string>;
  /** One resource of a permission listing (apps: qualified, with `name`; tools: `id` and `name`). */
  listed(id: string, name: string): Record<string, string>;
  /** The resource's name if it exists and the caller owns it; a reason otherwise (with the name when known). */
  ownedBy(id: string, username: string): { name: string } | { error: string; name?: string };
  /** The resource's name if the caller may read it; refused (404, 403) otherwise. */
  readableName(id: string, username: string): string;
  shares(): Map<string, Map<string, AppPermission>>;
  /** What else a share grants the subject (an app's tools), after the resource is shared. */
  sharedWith?(id: string, subject: string, username: string): void;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A sharing request names its subject as `{subject: {id, source_id}}` or, in older clients, as `user`. */
function subjectOf(entry: Record<string, unknown>): string {
  const id = typeof entry.user === "string" ? entry.user : record(entry.subject).id;
  if (typeof id !== "string" || !id)
    throw badRequest("every sharing entry needs a subject", "ERR_BAD_OR_MISSING_FIELD");
  return id;
}

/** The subject as answers name it (`BaseSubject`), and the older clients' `user` when they sent one. */
const subjectAnswer = (entry: Record<string, unknown>, subject: string) => ({
  subject: { id: subject, source_id: "ldap", ...record(entry.subject) },
  ...(entry.user ? { user: subject } : {}),
});

const itemId = (kind: ShareableKind, item: unknown) =>
  typeof item === "string" ? item : String(record(item)[kind.idKey] ?? "");

/** A refused item: named as the backend names it (its id when the resource is unknown), with the reason. */
function failure(kind: ShareableKind, id: string, refusal: { error: string; name?: string }) {
  return {
    ...kind.qualified(id),
    [kind.nameKey]: refusal.name ?? id,
    success: false,
    // permissions.clj `app-sharing-failure`, tools/sharing.clj: every refusal is ERR_BAD_REQUEST.
    error: { error_code: "ERR_BAD_REQUEST", reason: refusal.error },
  };
}

/**
 * `POST …/permission-lister`: who each resource the caller may read is shared with, the caller left out
 * (de/permissions.clj `list-app-permissions`, tools/permissions.clj, clients/permissions.clj `format-perms-listing`).
 */
export function listPermissions(kind: ShareableKind, body: unknown, username: string, listKey: string) {
  const ids = list(bodyObject(body)[listKey]).map((item) => itemId(kind, item));
  return {
    [listKey]: ids.map((id) => {
      const name = kind.readableName(id, username);
      const permissions = [...(kind.shares().get(id) ?? new Map())]
        .filter(([user]) => user !== username)
        .map(([user, permission]) => ({ subject: { id: user, source_id: "ldap" }, permission }));
      return { ...kind.listed(id, name), permissions };
    }),
  };
}

/** Gives a subject a permission on one resource, in a kind's map of who holds what. */
export function grant(
  shares: Map<string, Map<string, AppPermission>>,
  id: string,
  subject: string,
  permission: AppPermission,
): void {
  const holders = shares.get(id) ?? new Map<string, AppPermission>();
  holders.set(subject, permission);
  shares.set(id, holders);
}

/** `POST …/share` (or sharing): grants each subject a permission on owned resources, item by item. */
export function share(kind: ShareableKind, body: unknown, username: string, listKey: string) {
  return {
    sharing: list(bodyObject(body).sharing).map((raw) => {
      const entry = record(raw);
      const subject = subjectOf(entry);
      const results = list(entry[listKey]).map((item) => {
        const id = itemId(kind, item);
        const permission = record(item).permission as AppPermission;
        if (!PERMISSIONS.includes(permission)) {
          return { ...failure(kind, id, { error: `unknown permission ${String(permission)}` }), permission: "" };
        }
        const owned = kind.ownedBy(id, username);
        if ("error" in owned) return { ...failure(kind, id, owned), permission };
        grant(kind.shares(), id, subject, permission);
        kind.sharedWith?.(id, subject, username);
        return { ...kind.qualified(id), [kind.nameKey]: owned.name, permission, success: true };
      });
      return { ...subjectAnswer(entry, subject), [listKey]: results };
    }),
  };
}

/** `POST …/unshare` (or unsharing): takes each subject's permission away again. */
export function unshare(kind: ShareableKind, body: unknown, username: string, listKey: string) {
  return {
    unsharing: list(bodyObject(body).unsharing).map((raw) => {
      const entry = record(raw);
      const subject = subjectOf(entry);
      const results = list(entry[listKey]).map((item) => {
        const id = itemId(kind, item);
        const owned = kind.ownedBy(id, username);
        if ("error" in owned) return failure(kind, id, owned);
        kind.shares().get(id)?.delete(subject);
        return { ...kind.qualified(id), [kind.nameKey]: owned.name, success: true };
      });
      return { ...subjectAnswer(entry, subject), [listKey]: results };
    }),
  };
}
