export type { Access } from "./access.js";
export { AuthConfig, authOptionsFrom } from "./config.js";
export { type AuthOptions, auth } from "./plugin.js";
export { MAX_TOKEN_LENGTH } from "./token-form.js";
export { ANONYMOUS_USER, type AuthUser } from "./user.js";
export { ACCEPTED_ALGORITHMS, DEFAULT_DE_JWT_CLAIMS, type DeJwtClaims } from "./verifier.js";
