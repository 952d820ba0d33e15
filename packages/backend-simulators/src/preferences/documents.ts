/**
 * How user-info keeps a user's preferences and session (preferences.go and sessions.go, `convertPrefs` and
 * `convertSessions`): the body must parse into a JSON object (or be `null`), it is stored as sent, a read unwraps a
 * document kept under the kind's own key, and a save is answered wrapped under that key unless it already is. The
 * simulator keeps each document parsed, which reads back the same.
 */
export type ObjectKind = "preferences" | "sessions";

/** The key user-info wraps a document in when it answers a save. */
export const KEY: Record<ObjectKind | "searches", string> = {
  preferences: "preferences",
  sessions: "session",
  searches: "saved_searches",
};

/** What a refusal of the two handlers says, word for word (the session handler's is in lower case). */
const PARSE_FAILURE: Record<ObjectKind, string> = {
  preferences: "Error parsing request body",
  sessions: "error parsing request body",
};

/** A document user-info cannot answer: it panics on an unwrap that is not an object, and Go drops the connection. */
export class Unanswerable extends Error {}

/** Go's words for a JSON value that is not the object it unmarshals into. */
function goUnmarshalError(value: unknown): string {
  const kind = Array.isArray(value) ? "array" : typeof value === "boolean" ? "bool" : typeof value;
  return `json: cannot unmarshal ${kind} into Go value of type map[string]interface {}`;
}

/** A request body that is not JSON, with the parser's words for it. */
export class NotJson {
  constructor(readonly problem: string) {}
}

/** The body's refusal (500 text, as `errored` answers it), or undefined when user-info takes it. */
export function refusalOf(kind: ObjectKind, body: unknown): string | undefined {
  if (body instanceof NotJson) return `${PARSE_FAILURE[kind]}: ${body.problem}`;
  if (body === null || (typeof body === "object" && !Array.isArray(body))) return undefined;
  return `${PARSE_FAILURE[kind]}: ${goUnmarshalError(body)}`;
}

/** A stored document (as parsed when saved) as a read answers it: unwrapped from the kind's key if kept under it. */
export function readAnswer(kind: ObjectKind, stored: unknown): unknown {
  const values = stored as Record<string, unknown> | null;
  if (values === null || !Object.hasOwn(values, KEY[kind])) return values;
  const inner = values[KEY[kind]];
  if (inner === null || typeof inner !== "object" || Array.isArray(inner)) throw new Unanswerable();
  return inner;
}

/** A stored document as a save answers it: wrapped under the kind's key unless it already is. */
export function savedAnswer(kind: ObjectKind, stored: unknown): unknown {
  const values = stored as Record<string, unknown> | null;
  return values !== null && Object.hasOwn(values, KEY[kind]) ? values : { [KEY[kind]]: values };
}
