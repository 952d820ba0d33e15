import type { DeDatabase } from "./de-database.js";
import type { ViceState } from "./vice-state.js";

/**
 * Job steps by external id and by analysis, as app-exposer reads them from the database and the apps service's
 * steps (apps/apps.go `GetAnalysisIDByExternalID`, incluster/analyses.go `GetExternalIDByAnalysisID`): the jobs it
 * launched first, then every other analysis the apps backend knows.
 */
export function jobSteps(state: () => ViceState, database: DeDatabase) {
  return {
    analysisIdOf(externalId: string): string | undefined {
      const launched = [...state().jobs].find(([, job]) => job.externalId === externalId)?.[0];
      return launched ?? database.analysisIdOf(externalId);
    },
    externalIdOf(analysisId: string): string | undefined {
      return state().jobs.get(analysisId)?.externalId ?? database.externalIdOf(analysisId);
    },
  };
}
