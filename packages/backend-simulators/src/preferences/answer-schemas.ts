import { Type } from "typebox";

// The answers of user-info (cyverse-de/user-info): preferences.go and sessions.go keep each document as a JSON object
// (or null), answered unwrapped when read and as `{preferences: …}` / `{session: …}` when saved (convertPrefs,
// convertSessions); searches.go keeps any JSON, `{saved_searches: …}` when saved; alertsdb.go (GlobalAlertRecord:
// *time.Time start and end, so null where unset).
const JsonObject = Type.Record(Type.String(), Type.Unknown(), { description: "a stored JSON document" });
const ObjectOrNull = Type.Union([JsonObject, Type.Null()]);

/** What GET answers for each document kind, and what a save answers. */
export const DocumentAnswers = {
  preferences: { read: ObjectOrNull, saved: Type.Object({ preferences: ObjectOrNull }) },
  sessions: { read: ObjectOrNull, saved: Type.Object({ session: ObjectOrNull }) },
  searches: { read: Type.Unknown(), saved: Type.Object({ saved_searches: Type.Unknown() }) },
} as const;

const GlobalAlert = Type.Object({
  start_date: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
  end_date: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
  alert: Type.String(),
});
export const AlertListing = Type.Object({ alerts: Type.Array(GlobalAlert) });
