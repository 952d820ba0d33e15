import { badRequest, notFound } from "../framework/problems.js";

/** The apps systems the backend knows: its own (`de`) and the HPC system it lists from Tapis. */
export const SYSTEM_IDS = ["de", "tapis"] as const;
export type SystemId = (typeof SYSTEM_IDS)[number];

/** What the backend answers when an HPC app is to be changed: it can only run and list them. */
export const TAPIS_REFUSALS = {
  integration: "Cannot add or modify HPC apps with this service",
  versions: "Cannot list or modify HPC app versions with this service",
  documentation: "Cannot edit documentation for HPC apps with this service",
  integrationData: "Cannot list or modify integration data for HPC apps with this service",
  favorite: "Cannot mark an HPC app as a favorite with this service.",
  rating: "Cannot rate an HPC app with this service.",
  publication: "HPC apps may not be published via the DE at this time.",
  categorization: "HPC apps cannot be placed in DE app categories.",
} as const;

/** The system named by a path: 400 `unrecognized system ID` for any other, as the apps backend answers. */
export function systemOf(systemId: string): SystemId {
  const known = SYSTEM_IDS.find((id) => id === systemId);
  if (!known) throw badRequest(`unrecognized system ID ${systemId}`);
  return known;
}

/**
 * The id of a `de` app named by a system and an app id. A `tapis` app is refused with the backend's reason when the
 * request would change it, and not found when it reads one: no Tapis apps are simulated.
 */
export function deAppId(systemId: string, appId: string, tapisRefusal?: string): string {
  if (systemOf(systemId) === "de") return appId;
  if (tapisRefusal) throw badRequest(tapisRefusal);
  throw notFound(`HPC app ${appId} not found`);
}
