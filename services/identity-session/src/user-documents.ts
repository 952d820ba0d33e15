import { BackendResponseError, path } from "@de-gateway/backend-clients";
import { badGateway, badRequest, isJsonObject } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";

/** The per-user JSON documents the preferences backend keeps. */
export type DocumentKind = "sessions" | "preferences" | "searches";

/** The key the preferences (user-info) backend wraps a document in when it answers a save. */
const SAVED_UNDER: Record<DocumentKind, string> = {
  preferences: "preferences",
  sessions: "session",
  searches: "saved_searches",
};

const NOT_JSON = Symbol("not JSON");

/**
 * The backend's answer as JSON. user-info writes its JSON without a content type, so Go labels it text/plain and
 * the client hands it on as text.
 */
function parsed(body: unknown): unknown {
  if (typeof body !== "string") return body;
  if (body.trim() === "") return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return NOT_JSON;
  }
}

/** A 2xx answer's document, which must be JSON. */
function documentOf(body: unknown): unknown {
  const document = parsed(body);
  if (document === NOT_JSON) throw badGateway("the preferences backend answered with something that is not JSON");
  return document;
}

/** Reads the caller's document; `undefined` when none is stored (user-info answers `{}` then, as it is). */
export async function readDocument(request: FastifyRequest, kind: DocumentKind): Promise<unknown> {
  const preferences = request.server.backends.preferences;
  const response = await preferences.call(request, { path: path`/${kind}/${request.user.username}` });
  if (response.status === 404) return undefined;
  if (response.status < 200 || response.status >= 300) {
    const detail = parsed(response.body);
    throw new BackendResponseError(preferences.name, response.status, detail === NOT_JSON ? response.body : detail);
  }
  return documentOf(response.body);
}

/**
 * Stores the caller's document as given and returns what was stored (the backend's answer, unwrapped). A request
 * without a body (or with an empty one) is refused rather than taken as an order to store nothing over what is kept.
 */
export async function writeDocument(request: FastifyRequest, kind: DocumentKind, document: unknown): Promise<unknown> {
  if (document === undefined) throw badRequest("the body must be a JSON document");
  const answer = documentOf(
    await request.server.backends.preferences.json(request, {
      method: "PUT",
      path: path`/${kind}/${request.user.username}`,
      json: document,
    }),
  );
  const key = SAVED_UNDER[kind];
  return isJsonObject(answer) && key in answer ? answer[key] : answer;
}

/** Removes the caller's document; removing a missing one is not an error. */
export async function deleteDocument(request: FastifyRequest, kind: DocumentKind): Promise<void> {
  await request.server.backends.preferences.json(request, {
    method: "DELETE",
    path: path`/${kind}/${request.user.username}`,
  });
}
