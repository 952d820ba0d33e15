import type { IntakeState, StoredNotification } from "./intake.js";
import { badRequest } from "./service-errors.js";

/** Which of a user's messages a listing, count or update applies to; `deleted` absent: deleted or not. */
export interface MessageCriteria {
  seen?: boolean;
  type?: string;
  deleted?: boolean;
}

/** The service's `filter` (already lower case, spaces as underscores): a notification type, or `new` for unseen. */
export function criteriaFrom(filter: string, seen: boolean | undefined): MessageCriteria {
  if (filter === "new") return { seen: false };
  return { seen, type: filter || undefined };
}

/** The rows of a user's messages that match, deleted ones too unless the criteria say otherwise. */
export function userRows(inbox: IntakeState, owner: string, criteria: MessageCriteria = {}): StoredNotification[] {
  return inbox.messages.filter(
    (stored) =>
      stored.owner === owner &&
      (criteria.deleted === undefined || stored.deleted === criteria.deleted) &&
      (criteria.seen === undefined || stored.seen === criteria.seen) &&
      (!criteria.type || stored.type === criteria.type),
  );
}

/** A user's messages that are not deleted: all that listings and counts ever show. */
export const userMessages = (inbox: IntakeState, owner: string, criteria: MessageCriteria = {}) =>
  userRows(inbox, owner, { ...criteria, deleted: false });

/** The rows of the user's messages whose ids are listed (ids compare case-insensitively, as UUID columns do). */
export function userRowsWithIds(inbox: IntakeState, owner: string, ids: readonly string[]): StoredNotification[] {
  const wanted = new Set(ids.map((id) => id.toLowerCase()));
  return userRows(inbox, owner).filter((stored) => wanted.has(stored.message.id.toLowerCase()));
}

// db/listings.go getV1NotificationListingSortColumn.
const SORT_KEYS = {
  timestamp: (stored: StoredNotification) => stored.timeCreated,
  date_created: (stored: StoredNotification) => stored.timeCreated,
  uuid: (stored: StoredNotification) => stored.message.id,
  subject: (stored: StoredNotification) => stored.subject,
} as const;

/**
 * Sorts as the listing does (query/sort_order.go, query/sort_field.go: either in any case; the direction is
 * checked first); equal keys fall back to arrival order, in the same direction.
 */
export function sortMessages(
  messages: readonly StoredNotification[],
  field = "timestamp",
  direction = "desc",
): StoredNotification[] {
  const dir = direction.toUpperCase();
  if (dir !== "ASC" && dir !== "DESC") {
    throw badRequest(`invalid query parameter: sort_dir: invalid sort order: ${direction}`);
  }
  const key = SORT_KEYS[field.toLowerCase() as keyof typeof SORT_KEYS];
  if (!key) throw badRequest(`invalid query parameter: sort_field: invalid sort field: ${field}`);
  const sign = dir === "ASC" ? 1 : -1;
  return messages
    .map((stored, index) => ({ stored, index }))
    .sort((a, b) => {
      const [x, y] = [key(a.stored), key(b.stored)];
      return (x < y ? -1 : x > y ? 1 : a.index - b.index) * sign;
    })
    .map(({ stored }) => stored);
}

/**
 * A message as the listings return it: the recorded outgoing JSON, its `type` the recorded one with spaces for
 * underscores (`tool_request` is listed as "tool request"), `seen` and `deleted` as they are now
 * (db/listings.go formatNotification).
 */
export function listed(stored: StoredNotification) {
  return {
    type: stored.type.replaceAll("_", " "),
    user: stored.user,
    subject: stored.subject,
    email: stored.email,
    email_template: stored.emailTemplate ?? "",
    payload: stored.payload,
    message: { ...stored.message },
    seen: stored.seen,
    deleted: stored.deleted,
  };
}
