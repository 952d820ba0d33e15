export type { Access } from "./access.js";
export { AuthConfig, authOptionsFrom } from "./config.js";
export { type AuthOptions, auth } from "./plugin.js";
export { ANONYMOUS_USER, type AuthUser } from "./user.js";
export { ACCEPTED_ALGORITHMS } from "./verifier.js";
