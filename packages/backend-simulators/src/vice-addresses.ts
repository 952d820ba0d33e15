import { createHash } from "node:crypto";
import { qualifiedUsername } from "./demo-users.js";
import { stableId } from "./framework/stable-id.js";

/**
 * Where interactive analyses answer in the browser: app-exposer routes each one under a subdomain of the VICE domain,
 * and the apps service lists the same address as the analysis's `interactive_urls` (cyverse-de/apps
 * `src/apps/service/apps/job_listings.clj`, `interapps-url` in `src/apps/clients/notifications.clj`). Both derive it
 * from the DE database's user id, so it is the platform's, not either backend's.
 */
export const VICE_DOMAIN = "cyverse.run";

/** The user's row id in the DE database, stable for a name (short or qualified). */
export function deUserId(username: string): string {
  return stableId(qualifiedUsername(username.replace(/@.*$/, "")));
}

/** The routing subdomain of an analysis: derived from its user's id and its external id, as app-exposer does. */
export const subdomainOf = (user: string, externalId: string) =>
  `a${createHash("sha256").update(`${user}${externalId}`).digest("hex").slice(0, 8)}`;

/** The address of a user's interactive analysis, by the job step's external id. */
export const interactiveUrl = (username: string, externalId: string) =>
  `https://${subdomainOf(deUserId(username), externalId)}.${VICE_DOMAIN}`;
