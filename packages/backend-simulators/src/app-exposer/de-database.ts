/**
 * What app-exposer reads from and writes to the platform's database (which it shares with the apps and analyses
 * services in the real platform); the simulated platform passes these in from the other simulators' state.
 */
export interface DeDatabase {
  /** An analysis the apps backend knows. */
  analysis(id: string): { name: string; app_id: string; username: string } | undefined;
  /** Ends an analysis with the status its job reports once the cluster has let it go. */
  endAnalysis(id: string, status: "Completed" | "Canceled"): void;
  /** Every quick launch, whoever made it. */
  quickLaunches(): QuickLaunchRow[];
  /** An app with the details instant launches show. */
  app(id: string): AppRow | undefined;
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
  endAnalysis: () => {},
  quickLaunches: () => [],
  app: () => undefined,
  mayAccess: () => false,
};
