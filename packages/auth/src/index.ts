export { AuthConfig, authOptionsFrom } from "./config.js";
export { type Access, type AuthOptions, auth } from "./plugin.js";
export type { AuthUser } from "./user.js";
export { ACCEPTED_ALGORITHMS } from "./verifier.js";
