import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { authenticateClient } from "./client-authentication.js";
import type { RegisteredClient } from "./clients.js";
import { invalidGrant, invalidRequest, OAuthError, sendOAuthError } from "./oauth-errors.js";
import { OIDC_PATH, type Realm } from "./realm.js";
import type { IssuedCode } from "./sign-ins.js";
import { issueServiceAccountToken, issueTokens, type TokenResponse, verifiedRealmToken } from "./tokens.js";

const Form = Type.Record(Type.String(), Type.String());
type Form = Record<string, string>;

const required = (form: Form, name: string): string => {
  const value = form[name];
  if (!value) throw invalidRequest(`Missing parameter: ${name}`);
  return value;
};

/** RFC 7636: the verifier must hash (S256) or be equal (plain) to the challenge the code was asked with. */
function checkProofKey(code: IssuedCode, verifier: string | undefined): void {
  if (code.codeChallenge === undefined) {
    if (verifier !== undefined)
      throw invalidGrant("PKCE code verifier specified but challenge not present in authorization");
    return;
  }
  if (verifier === undefined) throw invalidGrant("PKCE code verifier not specified");
  const derived =
    code.codeChallengeMethod === "S256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
  if (derived !== code.codeChallenge) throw invalidGrant("PKCE verification failed");
}

async function authorizationCodeGrant(realm: Realm, client: RegisteredClient, form: Form): Promise<TokenResponse> {
  const code = realm.signIns().redeemCode(required(form, "code"));
  if (!code) throw invalidGrant("Code not valid");
  if (code.clientId !== client.clientId) throw invalidGrant("Auth error: the code was issued to another client");
  if (form.redirect_uri !== code.redirectUri) throw invalidGrant("Incorrect redirect_uri");
  checkProofKey(code, form.code_verifier);
  const session = realm.signIns().session(code.sessionId);
  if (!session) throw invalidGrant("Session not active");
  return issueTokens(realm, client, session, { scope: code.scope, nonce: code.nonce });
}

async function refreshTokenGrant(realm: Realm, client: RegisteredClient, form: Form): Promise<TokenResponse> {
  const refresh = await verifiedRealmToken(realm, required(form, "refresh_token"), "Refresh", invalidGrant);
  if (refresh.azp !== client.clientId)
    throw invalidGrant("Invalid refresh token. Token client and authorized client don't match");
  const session = realm.signIns().session(typeof refresh.sid === "string" ? refresh.sid : undefined);
  if (!session) throw invalidGrant("Session not active");
  const nonce = typeof refresh.nonce === "string" ? refresh.nonce : undefined;
  const scope = typeof refresh.scope === "string" ? refresh.scope : "";
  return issueTokens(realm, client, session, { scope, nonce });
}

async function clientCredentialsGrant(realm: Realm, client: RegisteredClient, form: Form): Promise<TokenResponse> {
  if (!client.serviceAccountRoles || client.secret === undefined) {
    throw new OAuthError("unauthorized_client", "Client not enabled to retrieve service account");
  }
  return issueServiceAccountToken(realm, client, client.serviceAccountRoles, form.scope ?? "profile email");
}

const GRANTS: Record<string, (realm: Realm, client: RegisteredClient, form: Form) => Promise<TokenResponse>> = {
  authorization_code: authorizationCodeGrant,
  refresh_token: refreshTokenGrant,
  client_credentials: clientCredentialsGrant,
};

/** The token endpoint: codes, refresh tokens and service accounts' own sign-ins exchanged for tokens. */
export function tokenRoutes(app: FastifyInstance, realm: Realm): void {
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof OAuthError) return sendOAuthError(reply, error);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) throw error;
    return sendOAuthError(reply, invalidRequest((error as Error).message));
  });

  app.post<{ Body: Form }>(`${OIDC_PATH}/token`, { schema: { body: Form } }, async (request, reply) => {
    const form = request.body;
    const grantType = required(form, "grant_type");
    const grant = Object.hasOwn(GRANTS, grantType) ? GRANTS[grantType] : undefined;
    const client = authenticateClient(realm, request.headers.authorization, form);
    if (!grant) throw new OAuthError("unsupported_grant_type", `Unsupported grant_type: ${grantType}`);
    const tokens = await grant(realm, client, form);
    return reply.header("cache-control", "no-store").header("pragma", "no-cache").send(tokens);
  });
}
