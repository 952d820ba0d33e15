import type { FastifyInstance } from "fastify";
import { OAuthError, sendOAuthError } from "./oauth-errors.js";
import { endpointUrl, OIDC_PATH, REALM_PATH, type Realm } from "./realm.js";
import { invalidToken, verifiedRealmToken } from "./tokens.js";

/** The realm's OpenID Provider metadata (OpenID Connect Discovery 1.0), for what this realm offers. */
export const discoveryDocument = (realm: Realm) => ({
  issuer: realm.issuer(),
  authorization_endpoint: endpointUrl(realm, "auth"),
  token_endpoint: endpointUrl(realm, "token"),
  userinfo_endpoint: endpointUrl(realm, "userinfo"),
  end_session_endpoint: endpointUrl(realm, "logout"),
  jwks_uri: endpointUrl(realm, "certs"),
  response_types_supported: ["code"],
  response_modes_supported: ["query"],
  grant_types_supported: ["authorization_code", "refresh_token", "client_credentials"],
  subject_types_supported: ["public"],
  id_token_signing_alg_values_supported: ["RS256"],
  token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
  code_challenge_methods_supported: ["plain", "S256"],
  scopes_supported: ["openid", "profile", "email"],
  claims_supported: [
    "sub",
    "iss",
    "aud",
    "exp",
    "iat",
    "auth_time",
    "nonce",
    "azp",
    "sid",
    "preferred_username",
    "email",
    "email_verified",
    "given_name",
    "family_name",
    "name",
    "entitlement",
  ],
  authorization_response_iss_parameter_supported: true,
  frontchannel_logout_supported: false,
  backchannel_logout_supported: false,
});

const USERINFO_CLAIMS = [
  "sub",
  "preferred_username",
  "email",
  "email_verified",
  "given_name",
  "family_name",
  "name",
  "entitlement",
];

/** Discovery, the signing keys and the userinfo endpoint. */
export function realmRoutes(app: FastifyInstance, realm: Realm): void {
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof OAuthError) return sendOAuthError(reply, error);
    throw error;
  });
  app.get(`${REALM_PATH}/.well-known/openid-configuration`, async () => discoveryDocument(realm));
  app.get(`${OIDC_PATH}/certs`, async () => ({ keys: (await realm.keys()).published }));

  const userinfo = async (request: { headers: { authorization?: string | undefined } }) => {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
    if (!token) throw invalidToken("an Authorization: Bearer access token is required");
    const claims = await verifiedRealmToken(realm, token, "Bearer", invalidToken);
    // A token of a sign-in lasts no longer than its session; one minted outside a sign-in has none.
    if (typeof claims.sid === "string" && !realm.signIns().session(claims.sid)) {
      throw invalidToken("the token's session has ended");
    }
    return Object.fromEntries(
      USERINFO_CLAIMS.filter((name) => claims[name] !== undefined).map((name) => [name, claims[name]]),
    );
  };
  app.get(`${OIDC_PATH}/userinfo`, userinfo);
  app.post(`${OIDC_PATH}/userinfo`, userinfo);
}
