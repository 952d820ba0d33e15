import { Type } from "typebox";

// The answers of user-info (cyverse-de/user-info), which keeps each user's documents as JSON objects: preferences.go
// (convertPrefs: a map, `{preferences: map}` when a save is answered), sessions.go and searches.go (the stored
// document as it was saved, `{session: …}` / `{saved_searches: …}` when a save is answered), alertsdb.go
// (GlobalAlertRecord: *time.Time start and end, so null where unset).
const JsonObject = Type.Record(Type.String(), Type.Unknown(), { description: "a stored JSON document" });

/** What GET answers for each document kind, and what a save answers. */
export const DocumentAnswers = {
  preferences: { read: JsonObject, saved: Type.Object({ preferences: JsonObject }) },
  // A session and the saved searches are stored as sent (user-info checks only that they are JSON).
  sessions: { read: Type.Unknown(), saved: Type.Object({ session: Type.Unknown() }) },
  searches: { read: Type.Unknown(), saved: Type.Object({ saved_searches: Type.Unknown() }) },
} as const;

const GlobalAlert = Type.Object({
  start_date: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
  end_date: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
  alert: Type.String(),
});
export const AlertListing = Type.Object({ alerts: Type.Array(GlobalAlert) });
