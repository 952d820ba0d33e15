import { BackendResponseError, path } from "@de-gateway/backend-clients";
import { badRequest } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";

/** The per-user JSON documents the preferences backend keeps. */
export type DocumentKind = "sessions" | "preferences" | "searches";

/** Reads the caller's document; `undefined` when none is stored. */
export async function readDocument(request: FastifyRequest, kind: DocumentKind): Promise<unknown> {
  const preferences = request.server.backends.preferences;
  const response = await preferences.call(request, { path: path`/${kind}/${request.user.username}` });
  if (response.status === 404) return undefined;
  if (response.status < 200 || response.status >= 300) {
    throw new BackendResponseError(preferences.name, response.status, response.body);
  }
  return response.body;
}

/**
 * Stores the caller's document as given and returns what was stored. A request without a body (or with an empty
 * one) is refused rather than taken as an order to store nothing over what is kept.
 */
export async function writeDocument(request: FastifyRequest, kind: DocumentKind, document: unknown): Promise<unknown> {
  if (document === undefined) throw badRequest("the body must be a JSON document");
  return request.server.backends.preferences.json(request, {
    method: "PUT",
    path: path`/${kind}/${request.user.username}`,
    json: document,
  });
}

/** Removes the caller's document; removing a missing one is not an error. */
export async function deleteDocument(request: FastifyRequest, kind: DocumentKind): Promise<void> {
  await request.server.backends.preferences.json(request, {
    method: "DELETE",
    path: path`/${kind}/${request.user.username}`,
  });
}
