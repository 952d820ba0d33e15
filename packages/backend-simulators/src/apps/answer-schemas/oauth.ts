import { Type } from "typebox";

// common-swagger-api src/common_swagger_api/schema/oauth.clj; the apps service fills them in
// cyverse-de/apps src/apps/service/oauth.clj (`webapp` is the API's name).

/** oauth.clj `RedirectUris`: an authorization URI by API name. */
export const RedirectUris = Type.Record(Type.String(), Type.String());

/** oauth.clj `OAuthCallbackResponse`. */
export const OAuthCallbackResponse = Type.Object({ state_info: Type.String() });

/** oauth.clj `AdminTokenInfo`. */
export const AdminTokenInfo = Type.Object({
  access_token: Type.String(),
  expires_at: Type.Integer(),
  refresh_token: Type.String(),
  webapp: Type.String(),
});

/** oauth.clj `TokenInfo`: the token's expiry and API, never the token. */
export const TokenInfo = Type.Object({ expires_at: Type.Integer(), webapp: Type.String() });

/**
 * The third-party OAuth server's token answer the apps service reads (RFC 6749 section 5.1, the access token
 * response; cyverse-de/apps hands it to the authy library, which keeps the access and refresh tokens and expiry).
 */
export const AccessTokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.String(),
  expires_in: Type.Optional(Type.Integer()),
  refresh_token: Type.Optional(Type.String()),
  scope: Type.Optional(Type.String()),
});
