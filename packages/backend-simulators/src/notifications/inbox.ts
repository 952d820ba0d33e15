import { badRequest } from "./errors.js";
import type { IntakeState, StoredNotification } from "./intake.js";

/** Which of a user's (not deleted) messages a listing, count or bulk update applies to. */
export interface MessageCriteria {
  seen?: boolean;
  type?: string;
}

/** The backend's `filter`: a notification type (case and spaces ignored), or `new` for unseen messages. */
export function criteriaFrom(filter: string | undefined, seen: boolean | undefined): MessageCriteria {
  const mangled = filter?.toLowerCase().replaceAll(" ", "_");
  if (mangled === "new") return { seen: false };
  return { seen, type: mangled || undefined };
}

export function userMessages(inbox: IntakeState, user: string, criteria: MessageCriteria = {}): StoredNotification[] {
  return inbox.messages.filter(
    (stored) =>
      stored.user === user &&
      !stored.deleted &&
      (criteria.seen === undefined || stored.seen === criteria.seen) &&
      (!criteria.type || stored.type === criteria.type),
  );
}

export const unseenCount = (inbox: IntakeState, user: string): number =>
  userMessages(inbox, user, { seen: false }).length;

/** The user's messages whose ids are listed (ids compare case-insensitively, as the backend's UUIDs do). */
export function userMessagesWithIds(inbox: IntakeState, user: string, ids: readonly string[]): StoredNotification[] {
  const wanted = new Set(ids.map((id) => id.toLowerCase()));
  return userMessages(inbox, user).filter((stored) => wanted.has(stored.message.id.toLowerCase()));
}

const SORT_KEYS = {
  timestamp: (stored: StoredNotification) => stored.message.timestamp,
  date_created: (stored: StoredNotification) => stored.message.timestamp,
  uuid: (stored: StoredNotification) => stored.message.id,
  subject: (stored: StoredNotification) => stored.subject,
} as const;

export type SortDirection = "asc" | "desc";

/** Sorts as the backend's listing does; equal keys fall back to arrival order, in the same direction. */
export function sortMessages(
  messages: readonly StoredNotification[],
  field = "timestamp",
  direction = "desc",
): StoredNotification[] {
  const key = SORT_KEYS[field.toLowerCase() as keyof typeof SORT_KEYS];
  if (!key) throw badRequest(`invalid sort field: ${field}`);
  const dir = direction.toLowerCase();
  if (dir !== "asc" && dir !== "desc") throw badRequest(`invalid sort order: ${direction}`);
  const sign = dir === "asc" ? 1 : -1;
  return messages
    .map((stored, index) => ({ stored, index }))
    .sort((a, b) => {
      const [x, y] = [key(a.stored), key(b.stored)];
      return (x < y ? -1 : x > y ? 1 : a.index - b.index) * sign;
    })
    .map(({ stored }) => stored);
}

/** A message as the listing endpoints return it. */
export function listed(stored: StoredNotification) {
  return {
    type: stored.type,
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
