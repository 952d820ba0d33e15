import { VICE_DOMAIN } from "./resource-listing.js";
import { userId } from "./users.js";
import { subdomainOf } from "./vice-analyses.js";

/**
 * Where an interactive analysis answers in the browser: its subdomain of the VICE domain, made from the user and the
 * job step's external id. The apps service lists it as the analysis's `interactive_urls` (cyverse-de/apps
 * `src/apps/service/apps/job_listings.clj`, `interapps-url` in `src/apps/clients/notifications.clj`).
 */
export const interactiveUrl = (username: string, externalId: string) =>
  `https://${subdomainOf(userId(username), externalId)}.${VICE_DOMAIN}`;
