import { PLATFORM_SYSTEM_ID } from "@de-gateway/backend-clients";

/**
 * Where the apps backend serves an app the seed names by its id alone: the seed's apps are the DE system's, and the
 * backend serves an app only under its system (cyverse-de/apps routes/apps.clj), as terrain calls it.
 */
export const PLATFORM_APP = `/apps/${PLATFORM_SYSTEM_ID}/{app-id}`;
