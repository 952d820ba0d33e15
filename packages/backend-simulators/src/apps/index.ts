import type { Caller } from "../framework/caller.js";
import { moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { unrecognizedPaths } from "../framework/unrecognized-paths.js";
import { analyses, announceHistories } from "./analyses.js";
import { analysisActions } from "./analysis-actions.js";
import { type AnalysisEvents, analysisEvents } from "./analysis-events.js";
import { analysisSharing } from "./analysis-sharing.js";
import { appEditing } from "./app-editing.js";
import { appInformation } from "./app-information.js";
import { appMarks } from "./app-marks.js";
import { appMetadata } from "./app-metadata.js";
import { appSharing } from "./app-sharing.js";
import { catalog } from "./catalog.js";
import { categories } from "./categories.js";
import { collaborators } from "./collaborators.js";
import { communities } from "./communities.js";
import { appElements } from "./elements.js";
import { hierarchies } from "./hierarchies.js";
import { integrationData } from "./integration-data.js";
import { login, openWorkspaces } from "./login.js";
import { loginListing } from "./login-listing.js";
import { oauth } from "./oauth.js";
import { oauthTokenInfo } from "./oauth-token-info.js";
import { type PeerServices, peerServices } from "./peer-services.js";
import { pipelines } from "./pipelines.js";
import { publication } from "./publication.js";
import { referenceGenomes } from "./reference-genomes.js";
import { toolRequests } from "./tool-requests.js";
import { tools } from "./tools.js";
import { webhooks } from "./webhooks.js";
import { workspaceAdministration } from "./workspaces.js";

export const appsModules = {
  catalog,
  login,
  loginListing,
  collaborators,
  oauth,
  oauthTokenInfo,
  appEditing,
  appInformation,
  publication,
  appMarks,
  appMetadata,
  communities,
  appSharing,
  appElements,
  categories,
  pipelines,
  hierarchies,
  tools,
  integrationData,
  analyses,
  analysisActions,
  analysisSharing,
  referenceGenomes,
  toolRequests,
  workspaceAdministration,
  webhooks,
  // apps.util.service/unrecognized-path-response (routes.clj).
  unknownPaths: unrecognizedPaths({ reason: "unrecognized service path" }),
};

export interface AppsSimulatorOptions extends SimulatorOptions {
  /** Told of new analyses (the platform passes the permissions service's and app-exposer's side of a launch). */
  analysisEvents?: AnalysisEvents;
  /** What the backend asks of the analyses and requests services (each one missing answers as for a new user). */
  peers?: Partial<PeerServices>;
}

export function createAppsSimulator(options: AppsSimulatorOptions = {}) {
  const events = analysisEvents(options.analysisEvents ?? {});
  const peers = peerServices(options.peers);
  const simulator = moduleSimulator("apps", { ...appsModules, analysisEvents: events, peerServices: peers }, options);
  return Object.assign(simulator, {
    /**
     * Tells the owners of the analyses the backend holds of every status they went through (`announceHistories`):
     * the demo world's analyses ran before anyone watched, and their notifications are what that left.
     */
    tellStatusHistories(ownerOf: (username: string) => Caller): void {
      announceHistories(() => simulator.state as Record<string, unknown>, ownerOf);
    },
    /** Gives the users the workspaces their first logins made (`GET /workspaces`), as users who signed in before. */
    openWorkspaces(usernames: readonly string[]): void {
      openWorkspaces(() => simulator.state as Record<string, unknown>, usernames);
    },
  });
}
export type AppsSimulator = ReturnType<typeof createAppsSimulator>;
