import { isRegisteredRedirect, type RegisteredClient } from "./clients.js";
import { invalidRequest, OAuthError } from "./oauth-errors.js";
import type { Realm } from "./realm.js";

/** The parameters of an authorization request this realm takes (others are ignored, as Keycloak does). */
export const AUTHORIZATION_PARAMETERS = [
  "client_id",
  "redirect_uri",
  "response_type",
  "response_mode",
  "scope",
  "state",
  "nonce",
  "prompt",
  "code_challenge",
  "code_challenge_method",
] as const;

export interface AuthorizationRequest {
  client: RegisteredClient;
  redirectUri: string;
  state?: string | undefined;
  scope: string;
  nonce?: string | undefined;
  prompt: string[];
  codeChallenge?: string | undefined;
  codeChallengeMethod?: "S256" | "plain" | undefined;
  /** The request's own parameters, carried through the sign-in page. */
  parameters: Record<string, string>;
}

/** A refusal that goes back to the client at its redirect address, with the request's `state`. */
export class RedirectedError extends OAuthError {
  constructor(
    readonly request: Pick<AuthorizationRequest, "redirectUri" | "state">,
    error: OAuthError,
  ) {
    super(error.code, error.description);
  }
}

const PKCE_VERIFIER_SHAPE = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * Checks an authorization request. The client and its redirect address are checked first: while they are
 * not known good the refusal cannot go back to the client (a thrown OAuthError, shown to the person). Once they
 * are, refusals are RedirectedErrors, answered at the redirect address.
 */
export function checkAuthorizationRequest(realm: Realm, query: Record<string, string>): AuthorizationRequest {
  const clientId = query.client_id;
  if (!clientId) throw invalidRequest("Missing parameter: client_id");
  const client = realm.clients.find(clientId);
  if (!client) throw invalidRequest(`Client not found: ${clientId}`);
  const redirectUri = query.redirect_uri;
  if (!redirectUri) throw invalidRequest("Missing parameter: redirect_uri");
  // A redirect address has no fragment (RFC 6749 3.1.2, OpenID Connect Core 3.1.2.1): a registered pattern that
  // ends in `*` would otherwise take one, and the answer's parameters would follow it.
  if (redirectUri.includes("#") || !isRegisteredRedirect(client, redirectUri)) {
    throw invalidRequest("Invalid parameter: redirect_uri");
  }
  const parameters = Object.fromEntries(
    AUTHORIZATION_PARAMETERS.filter((name) => query[name] !== undefined).map((name) => [name, query[name] as string]),
  );
  const base = { redirectUri, state: query.state };
  const refuse = (error: OAuthError) => new RedirectedError(base, error);
  if (query.response_type !== "code") {
    throw refuse(new OAuthError("unsupported_response_type", "only the authorization code flow (code) is offered"));
  }
  if (query.response_mode !== undefined && query.response_mode !== "query") {
    throw refuse(invalidRequest("Invalid parameter: response_mode (only query is offered)"));
  }
  const method = query.code_challenge_method ?? (query.code_challenge ? "plain" : undefined);
  if (method !== undefined && method !== "S256" && method !== "plain") {
    throw refuse(invalidRequest("Invalid parameter: code_challenge_method"));
  }
  if (method !== undefined && !PKCE_VERIFIER_SHAPE.test(query.code_challenge ?? "")) {
    throw refuse(invalidRequest("Invalid parameter: code_challenge"));
  }
  return {
    client,
    redirectUri,
    state: query.state,
    scope: grantedScope(query.scope),
    nonce: query.nonce,
    prompt: (query.prompt ?? "").split(" ").filter(Boolean),
    codeChallenge: query.code_challenge,
    codeChallengeMethod: method,
    parameters,
  };
}

/** The client's redirect address with the answer's parameters added to its query, `state` and `iss` among them. */
export function redirectAddress(
  realm: Realm,
  request: Pick<AuthorizationRequest, "redirectUri" | "state">,
  answer: Record<string, string>,
): string {
  const url = new URL(request.redirectUri);
  for (const [name, value] of Object.entries(answer)) url.searchParams.set(name, value);
  if (request.state !== undefined) url.searchParams.set("state", request.state);
  url.searchParams.set("iss", realm.issuer());
  return url.toString();
}

/** The scopes granted: those asked for, with the realm's default client scopes (profile, email), as Keycloak does. */
export function grantedScope(requested: string | undefined): string {
  const asked = (requested ?? "").split(" ").filter(Boolean);
  return [...new Set([...asked, "profile", "email"])].join(" ");
}
