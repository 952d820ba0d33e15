import type { FastifyInstance, FastifyRequest } from "fastify";
import { answers } from "../../framework/answers.js";
import { Problem } from "../../framework/problems.js";
import { SharingResponse, UnsharingResponse } from "../answer-schemas.js";
import { type CallerView, type FileInfoContext, viewFor } from "../caller-view.js";
import { badField, notAUser } from "../errors.js";
import { DATA_STORE_GROUPS, isPermission } from "../permissions.js";
import { body } from "../request-values.js";
import { share, unshare } from "../sharing-rules.js";

type Outcome = { success: boolean; reason?: string; error?: Record<string, unknown> };

const listOf = (value: unknown, what: string): unknown[] => {
  if (!Array.isArray(value)) throw badField(`${what} must be a list`);
  return value;
};

const record = (value: unknown, what: string): Record<string, unknown> => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw badField(`${what} must be an object`);
  return value as Record<string, unknown>;
};

/** Runs one user/path change; a refusal fails only that pair, reported as data-info reports it. */
function outcomeOf(change: () => { skipped?: string }): Outcome {
  try {
    const { skipped } = change();
    return skipped ? { success: true, reason: skipped } : { success: true };
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    return { success: false, error: { ...error.details, error_code: error.code, reason: error.message } };
  }
}

/** Whom something is shared with: a user of the data store or one of its groups. */
function knownSharee(context: FileInfoContext, user: unknown): string {
  if (typeof user !== "string" || !(context.users().has(user) || DATA_STORE_GROUPS.includes(user))) {
    throw notAUser(String(user));
  }
  return user;
}

function changes(request: FastifyRequest, key: "sharing" | "unshare") {
  return listOf(body(request)[key], key).map((item) => record(item, `each of ${key}`));
}

const ownedEntry = (view: CallerView, path: unknown) => view.owned(view.entryAt(path));

/**
 * `POST /sharer` `{sharing: [{user, paths: [{path, permission}]}]}` → `{sharing: [{user, sharing:
 * [{path, permission, success, reason?, error?}]}]}`; `POST /unsharer` `{unshare: [{user, paths:
 * [path…]}]}` → `{unshare: [{user, unshare: [{path, success, reason?, error?}]}]}`. Only owners share;
 * every user/path pair has its own outcome.
 */
export function sharingRoutes(app: FastifyInstance, context: FileInfoContext) {
  app.post("/sharer", answers({ 200: SharingResponse }), async (request) => {
    const view = viewFor(request, context);
    return {
      sharing: changes(request, "sharing").map((item) => ({
        user: item.user,
        sharing: listOf(item.paths, "paths").map((pathItem) => {
          const { path, permission } = record(pathItem, "each path");
          return {
            path,
            permission,
            ...outcomeOf(() => {
              if (!isPermission(permission)) throw badField("permission must be read, write or own", { permission });
              const entry = ownedEntry(view, path);
              return share(view.store, view.user, knownSharee(context, item.user), entry, permission);
            }),
          };
        }),
      })),
    };
  });

  app.post("/unsharer", answers({ 200: UnsharingResponse }), async (request) => {
    const view = viewFor(request, context);
    return {
      unshare: changes(request, "unshare").map((item) => ({
        user: item.user,
        unshare: listOf(item.paths, "paths").map((path) => ({
          path,
          ...outcomeOf(() => unshare(view.store, view.user, knownSharee(context, item.user), ownedEntry(view, path))),
        })),
      })),
    };
  });
}
