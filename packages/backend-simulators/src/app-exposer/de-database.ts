/**
 * What app-exposer reads from and writes to the platform's database (which it shares with the apps and analyses
 * services in the real platform); the simulated platform passes these in from the other simulators' state.
 */
export interface DeDatabase {
  /** An analysis the apps backend knows. */
  analysis(id: string): { name: string; app_id: string; username: string } | undefined;
  /** The external id of the analysis's first step, as the apps service lists its steps. */
  externalIdOf(analysisId: string): string | undefined;
  /** The analysis a job step's external id belongs to. */
  analysisIdOf(externalId: string): string | undefined;
  /** Ends an analysis with the status its job reports once the cluster has let it go. */
  endAnalysis(id: string, status: "Completed" | "Canceled"): void;
  /** Every quick launch, whoever made it. */
  quickLaunches(): QuickLaunchRow[];
  /** An app at one of its versions, with the details instant launches show; none when either is unknown. */
  appVersion(appId: string, versionId: string): AppRow | undefined;
  /** Whether the user holds any permission on the analysis (the permissions service's answer). */
  mayAccess(username: string, analysisId: string): boolean;
}

export interface QuickLaunchRow {
  id: string;
  name: string;
  description: string;
  /** Short username. */
  creator: string;
  app_id: string;
  app_version_id: string;
  is_public: boolean;
  submission: unknown;
}

/** An app joined with one of its versions (`apps`, `app_versions`): the version's label and flags. */
export interface AppRow {
  name: string;
  description: string;
  version: string;
  deleted: boolean;
  disabled: boolean;
  /** Short username of the integrator. */
  integrator: string;
}

/** A database with nothing in it, for an app-exposer simulator started on its own. */
export const EMPTY_DATABASE: DeDatabase = {
  analysis: () => undefined,
  externalIdOf: () => undefined,
  analysisIdOf: () => undefined,
  endAnalysis: () => {},
  quickLaunches: () => [],
  appVersion: () => undefined,
  mayAccess: () => false,
};
