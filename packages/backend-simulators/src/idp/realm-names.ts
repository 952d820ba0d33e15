/**
 * The realm's names as the services are told them (AUTH_ISSUER, AUTH_AUDIENCE): apart from the keys, so that the
 * services' environment is written without loading the identity provider.
 */
export const DEV_ISSUER = "http://localhost:4007/realms/de";
export const DEV_AUDIENCE = "de-gateway";
/** The web front end's client: the `azp` of tokens minted for a demo user outside a sign-in. */
export const DEV_CLIENT_ID = "de-ui";
