import { DEMO_USER_DOMAIN } from "../demo-users.js";

/**
 * A username as the service keys messages by it (common/usernames.go Qualify): whatever follows a first `@` is
 * dropped and the deployment's domain appended, so `alice`, `alice@iplantcollaborative.org` and
 * `alice@elsewhere.edu` all name the same user. Every handler qualifies the `user` it is given, and the recorder
 * the recipient it stores.
 */
export function qualified(username: string): string {
  const at = username.indexOf("@");
  return `${at < 0 ? username : username.slice(0, at)}@${DEMO_USER_DOMAIN}`;
}
