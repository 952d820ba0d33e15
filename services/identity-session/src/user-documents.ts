import { BackendResponseError, type CallOptions, isSuccess, path } from "@de-gateway/backend-clients";
import { badGateway, badRequest, isJsonObject } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";

/** The per-user JSON documents the preferences backend keeps. */
export type DocumentKind = "sessions" | "preferences" | "searches";

/** user-info knows users by their qualified name (`alice@<domain>`), as the apps backend recorded them at login. */
export interface UserDocumentSettings {
  USER_DOMAIN: string;
}

function documentPath(request: FastifyRequest, settings: UserDocumentSettings, kind: DocumentKind): string {
  const owner = `${request.user.username}@${settings.USER_DOMAIN}`;
  return path`/${kind}/${owner}`;
}

/** The key the preferences (user-info) backend wraps a document in when it answers a save. */
const SAVED_UNDER: Record<DocumentKind, string> = {
  preferences: "preferences",
  sessions: "session",
  searches: "saved_searches",
};

/**
 * user-info keeps a session and the preferences as JSON objects, and reads one kept under its kind's key unwrapped
 * (sessions.go `convertSessions`, preferences.go `convertPrefs`): each is sent under that key, so that a document
 * with a key of that name comes back as it was sent, and a document that is not an object is kept in one, under
 * NOT_AN_OBJECT. Documents kept bare (as terrain keeps them) read the same.
 */
const NOT_AN_OBJECT = "de-gateway:document";

/**
 * user-info answers a read of the saved searches through Go's `fmt.Fprintf` as its format string (searches.go), so
 * every percent sign is sent doubled to be read back single.
 */
function doubledPercents(value: unknown): unknown {
  if (typeof value === "string") return value.replaceAll("%", "%%");
  if (Array.isArray(value)) return value.map(doubledPercents);
  if (isJsonObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [doubledPercents(key), doubledPercents(inner)]),
    );
  }
  return value;
}

/** The document as sent to user-info to be kept. */
function asKept(kind: DocumentKind, document: unknown): unknown {
  if (kind === "searches") return doubledPercents(document);
  return { [SAVED_UNDER[kind]]: isJsonObject(document) ? document : { [NOT_AN_OBJECT]: document } };
}

/** A kept document as it was sent. */
function asSent(kept: unknown): unknown {
  const keys = isJsonObject(kept) ? Object.keys(kept) : [];
  return keys.length === 1 && keys[0] === NOT_AN_OBJECT ? (kept as Record<string, unknown>)[NOT_AN_OBJECT] : kept;
}

const NOT_JSON = Symbol("not JSON");

function parsed(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

/**
 * Calls the preferences backend and reads its answer as JSON. user-info writes its JSON without a content type, so
 * Go labels it text/plain: the answer is taken as text and parsed here, once. A 2xx answer that is not JSON is the
 * backend failing; an error answer that is not JSON is kept as text.
 */
async function documentCall(request: FastifyRequest, options: CallOptions): Promise<unknown> {
  const preferences = request.server.backends.preferences;
  const response = await preferences.call<string>(request, { ...options, asText: true });
  const document = parsed(response.body);
  if (!isSuccess(response.status)) {
    throw new BackendResponseError(preferences.name, response.status, document === NOT_JSON ? response.body : document);
  }
  if (document === NOT_JSON) throw badGateway("the preferences backend answered with something that is not JSON");
  return document;
}

/**
 * Reads the caller's document: as stored, or whatever the backend answers when none is (user-info answers `{}`,
 * passed on as it is); `undefined` on an empty answer or a 404.
 */
export const readDocument = (
  request: FastifyRequest,
  settings: UserDocumentSettings,
  kind: DocumentKind,
): Promise<unknown> =>
  documentCall(request, { path: documentPath(request, settings, kind) }).then(asSent, (error: unknown) => {
    if (error instanceof BackendResponseError && error.backendStatus === 404) return undefined;
    throw error;
  });

/**
 * Stores the caller's document as given and returns what was stored (the backend's answer, unwrapped). A request
 * without a body (or with an empty one) is refused rather than taken as an order to store nothing over what is kept.
 */
export async function writeDocument(
  request: FastifyRequest,
  settings: UserDocumentSettings,
  kind: DocumentKind,
  document: unknown,
): Promise<unknown> {
  if (document === undefined) throw badRequest("the body must be a JSON document");
  const answer = await documentCall(request, {
    method: "PUT",
    path: documentPath(request, settings, kind),
    json: asKept(kind, document),
  });
  // The saved searches' answer echoes the escaped document; the one sent is what a read will give.
  if (kind === "searches") return document;
  const key = SAVED_UNDER[kind];
  return asSent(isJsonObject(answer) && key in answer ? answer[key] : answer);
}

/** Removes the caller's document; removing a missing one is not an error. */
export async function deleteDocument(
  request: FastifyRequest,
  settings: UserDocumentSettings,
  kind: DocumentKind,
): Promise<void> {
  await request.server.backends.preferences.json(request, {
    method: "DELETE",
    path: documentPath(request, settings, kind),
  });
}
