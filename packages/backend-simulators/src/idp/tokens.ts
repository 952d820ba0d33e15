import { createLocalJWKSet, decodeJwt, type JWTPayload, jwtVerify } from "jose";
import { type DemoUser, demoUser } from "../demo-users.js";
import type { RegisteredClient } from "./clients.js";
import { invalidGrant, OAuthError } from "./oauth-errors.js";
import type { Realm } from "./realm.js";
import type { SsoSession } from "./sign-ins.js";

/** Keycloak's defaults: access tokens for five minutes, refresh tokens as long as an idle session (30 min). */
export const ACCESS_TOKEN_SECONDS = 300;
export const REFRESH_TOKEN_SECONDS = 1800;

/** The token endpoint's answer, field for field as Keycloak's. */
export interface TokenResponse {
  access_token: string;
  expires_in: number;
  refresh_expires_in: number;
  refresh_token?: string;
  token_type: "Bearer";
  id_token?: string;
  "not-before-policy": 0;
  session_state?: string;
  scope: string;
}

export interface TokenRequest {
  scope: string;
  nonce?: string | undefined;
}

const profileClaims = (user: DemoUser) => ({
  preferred_username: user.username,
  email: user.email,
  email_verified: true,
  given_name: user.firstName,
  family_name: user.lastName,
  name: `${user.firstName} ${user.lastName}`,
  entitlement: user.groups,
});

function signedInUser(session: SsoSession): DemoUser {
  const user = demoUser(session.username);
  // Sessions only start for demo users (the sign-in page refuses anyone else); the list does not change.
  if (!user) throw invalidGrant(`no user ${session.username}`);
  return user;
}

/** Access, ID (when `openid` is asked for) and refresh tokens for a user signed in to a client. */
export async function issueTokens(
  realm: Realm,
  client: RegisteredClient,
  session: SsoSession,
  request: TokenRequest,
): Promise<TokenResponse> {
  const user = signedInUser(session);
  const keys = await realm.keys();
  const issuer = realm.issuer();
  const sessionClaims = { sid: session.id, session_state: session.id, scope: request.scope };
  const nonce = request.nonce === undefined ? {} : { nonce: request.nonce };
  const openid = request.scope.split(" ").includes("openid");
  const [accessToken, idToken, refreshToken] = await Promise.all([
    keys.mint(user, {
      clientId: client.clientId,
      issuer,
      audience: client.audience,
      expiresInSeconds: ACCESS_TOKEN_SECONDS,
      claims: { ...sessionClaims, acr: "1", email_verified: true },
    }),
    openid
      ? keys.sign(
          {
            sub: user.username,
            azp: client.clientId,
            auth_time: session.authTime,
            ...sessionClaims,
            ...nonce,
            ...profileClaims(user),
          },
          { typ: "ID", issuer, audience: client.clientId, expiresInSeconds: ACCESS_TOKEN_SECONDS },
        )
      : undefined,
    keys.sign(
      { sub: user.username, azp: client.clientId, ...sessionClaims, ...nonce },
      { typ: "Refresh", issuer, audience: issuer, expiresInSeconds: REFRESH_TOKEN_SECONDS },
    ),
  ]);
  return {
    access_token: accessToken,
    expires_in: ACCESS_TOKEN_SECONDS,
    refresh_expires_in: REFRESH_TOKEN_SECONDS,
    refresh_token: refreshToken,
    token_type: "Bearer",
    ...(idToken === undefined ? {} : { id_token: idToken }),
    "not-before-policy": 0,
    session_state: session.id,
    scope: request.scope,
  };
}

/** A service account's token (client credentials): an access token only, as Keycloak answers by default. */
export async function issueServiceAccountToken(
  realm: Realm,
  client: RegisteredClient,
  roles: string[],
  scope: string,
): Promise<TokenResponse> {
  const keys = await realm.keys();
  const accessToken = await keys.mintServiceToken(
    { clientId: client.clientId, roles },
    { issuer: realm.issuer(), audience: client.audience, expiresInSeconds: ACCESS_TOKEN_SECONDS, claims: { scope } },
  );
  return {
    access_token: accessToken,
    expires_in: ACCESS_TOKEN_SECONDS,
    refresh_expires_in: 0,
    token_type: "Bearer",
    "not-before-policy": 0,
    scope,
  };
}

/**
 * A token this realm signed, of the given kind (`typ`), unexpired unless `acceptExpired` (an ID token given as
 * a sign-out's hint); refused with `error` otherwise (a tampered, foreign, expired or other kind of token alike).
 */
export async function verifiedRealmToken(
  realm: Realm,
  token: string,
  typ: "Bearer" | "ID" | "Refresh",
  error: (description: string) => OAuthError,
  { acceptExpired = false } = {},
): Promise<JWTPayload> {
  const keys = createLocalJWKSet({ keys: (await realm.keys()).published });
  let payload: JWTPayload;
  try {
    const options = { issuer: realm.issuer(), algorithms: ["RS256"] };
    payload = (await jwtVerify(token, keys, acceptExpired ? { ...options, currentDate: beforeExpiry(token) } : options))
      .payload;
  } catch {
    throw error(`the ${typ === "Bearer" ? "access" : typ === "ID" ? "ID" : "refresh"} token is not valid`);
  }
  if (payload.typ !== typ) throw error(`a ${String(payload.typ)} token was given where a ${typ} token belongs`);
  return payload;
}

/** Errors of the userinfo endpoint name the token, of the token endpoint the grant. */
export const invalidToken = (description: string) => new OAuthError("invalid_token", description);

/** An instant at which the token is not yet expired, to check all else about it. */
function beforeExpiry(token: string): Date {
  const { exp } = decodeJwt(token);
  return new Date(Math.min(Date.now(), typeof exp === "number" ? (exp - 1) * 1000 : Date.now()));
}
