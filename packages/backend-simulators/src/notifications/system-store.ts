/** The system message types the backend knows (`GET /admin/system-types`). */
export const SYSTEM_MESSAGE_TYPES = ["announcement", "maintenance", "warning"] as const;

/** A platform-wide message, shown to every user between its activation and deactivation dates. */
export interface SystemMessage {
  uuid: string;
  type: string;
  message: string;
  activation_date: number;
  deactivation_date: number;
  date_created: number;
  dismissible: boolean;
  logins_disabled: boolean;
}

/** How far one user has acknowledged a system message; each level implies the ones below it. */
const LEVELS = { none: 0, received: 1, seen: 2, dismissed: 3 } as const;
export type AckLevel = keyof typeof LEVELS;

interface Acknowledgment {
  level: Exclude<AckLevel, "none">;
  /** When the user first saw the message. */
  seenAt?: number;
}

export interface SystemState {
  messages: Map<string, SystemMessage>;
  /** Acknowledgments by username, then by message uuid: one user's marks never touch another's. */
  acks: Map<string, Map<string, Acknowledgment>>;
}

/** One announcement, active for years, so that the local stack shows a system message. */
export const SEED_SYSTEM_MESSAGES: readonly SystemMessage[] = [
  {
    uuid: "5b0d1f3e-7a52-4c1e-9d8f-2e6a4b3c1d70",
    type: "announcement",
    message: "Welcome to the local Discovery Environment stack.",
    activation_date: Date.UTC(2025, 0, 1),
    deactivation_date: Date.UTC(2100, 0, 1),
    date_created: Date.UTC(2025, 0, 1),
    dismissible: true,
    logins_disabled: false,
  },
];

export const makeSystemState = (): SystemState => ({
  messages: new Map(SEED_SYSTEM_MESSAGES.map((seed) => [seed.uuid, { ...seed }])),
  acks: new Map(),
});

export const isActive = (message: SystemMessage, now = Date.now()): boolean =>
  message.activation_date <= now && now < message.deactivation_date;

function acksOf(state: SystemState, user: string): Map<string, Acknowledgment> {
  let acks = state.acks.get(user);
  if (!acks) {
    acks = new Map();
    state.acks.set(user, acks);
  }
  return acks;
}

const levelOf = (state: SystemState, user: string, uuid: string): number =>
  LEVELS[state.acks.get(user)?.get(uuid)?.level ?? "none"];

/** Active messages the user has acknowledged less than `level` (e.g. `received`: the new ones). */
export function activeBelow(state: SystemState, user: string, level: AckLevel): SystemMessage[] {
  return [...state.messages.values()]
    .filter((message) => isActive(message) && levelOf(state, user, message.uuid) < LEVELS[level])
    .sort((a, b) => a.date_created - b.date_created);
}

/** A system message as a user listing shows it: `acknowledged` tells whether this user has seen it. */
export function asSeenBy(state: SystemState, user: string, message: SystemMessage) {
  return { ...message, acknowledged: state.acks.get(user)?.get(message.uuid)?.seenAt !== undefined };
}

/** Raises the user's acknowledgment of an existing message to `level`; never lowers it. */
export function acknowledge(state: SystemState, user: string, uuid: string, level: Acknowledgment["level"]): void {
  const message = state.messages.get(uuid.toLowerCase());
  if (!message) return;
  if (level === "dismissed" && !message.dismissible) return;
  const acks = acksOf(state, user);
  const current = acks.get(message.uuid);
  const seenAt = current?.seenAt ?? (level === "seen" ? Date.now() : undefined);
  const raised = LEVELS[level] > LEVELS[current?.level ?? "none"] ? level : (current?.level ?? level);
  acks.set(message.uuid, { level: raised, ...(seenAt === undefined ? {} : { seenAt }) });
}

/** The system part of `GET /count-messages`. */
export function systemCounts(state: SystemState, user: string) {
  return {
    "system-total": activeBelow(state, user, "dismissed").length,
    "system-total-new": activeBelow(state, user, "received").length,
    "system-total-unseen": activeBelow(state, user, "seen").length,
  };
}

/** Forgets a message and every user's marks on it. */
export function removeSystemMessage(state: SystemState, uuid: string): void {
  state.messages.delete(uuid);
  for (const acks of state.acks.values()) acks.delete(uuid);
}
