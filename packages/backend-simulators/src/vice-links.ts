import type { AnalysesSimulator } from "./analyses/index.js";
import type { AppExposerSimulator, DeDatabase } from "./app-exposer/index.js";
import { externalIdOf } from "./apps/analyses.js";
import type { AnalysisRecord } from "./apps/analyses-store.js";
import type { AnalysisEvents } from "./apps/analysis-events.js";
import { versionsOf } from "./apps/app-versions.js";
import type { AppsSimulator } from "./apps/index.js";
import type { GroupsSimulator } from "./groups/index.js";
import type { PermissionGrant, PermissionsSimulator } from "./permissions/index.js";
import { interactiveUrl } from "./vice-addresses.js";

/**
 * How the simulated platform ties the apps backend, the permissions service and app-exposer together, as the real
 * services share a database and call each other: analyses are registered with the permissions service (owners and
 * shares), an interactive one is launched in the cluster when submitted, and app-exposer reads analyses, quick
 * launches (the analyses service's) and apps, and ends analyses.
 */
export interface ViceLinks {
  apps: () => AppsSimulator;
  analyses: () => AnalysesSimulator;
  permissions: () => PermissionsSimulator;
  appExposer: () => AppExposerSimulator;
  groupsOf: (username: string) => string[];
}

/** The groups a user is an immediate member of, by id (what Grouper tells the permissions service). */
export const groupsOfUser = (groups: () => GroupsSimulator) => (username: string) =>
  [...groups().state.grouper.groups.values()]
    .filter((group) => group.members.includes(username))
    .map((group) => group.id);

function interactiveImage(links: ViceLinks, analysis: AnalysisRecord): string | undefined {
  const { catalog, tools } = links.apps().state;
  const toolIds = catalog.apps.get(analysis.app_id)?.tool_ids ?? [];
  const tool = toolIds.map((id) => tools.tools.get(id)).find((candidate) => candidate?.interactive);
  return tool ? `${tool.container.image.name}:${tool.container.image.tag}` : undefined;
}

export function analysisEventsFor(links: ViceLinks): AnalysisEvents {
  return {
    submitted(analysis) {
      const image = interactiveImage(links, analysis);
      if (!image) return;
      const launched = links.appExposer().launch({
        analysisId: analysis.id,
        analysisName: analysis.name,
        appId: analysis.app_id,
        appName: links.apps().state.catalog.apps.get(analysis.app_id)?.name ?? "",
        username: analysis.username,
        image,
      });
      if (!launched) return;
      analysis.status = "Running";
      analysis.interactive_urls = [interactiveUrl(launched.username, launched.externalId)];
    },
    stopped(analysis) {
      links.appExposer().release(analysis.id);
    },
  };
}

/** The analyses the apps backend has registered with the permissions service: their owners and shares. */
export const analysisGrants = (apps: () => AppsSimulator) => (): PermissionGrant[] => {
  const { analyses, shares } = apps().state.analyses;
  const grant = (id: string, username: string, level: PermissionGrant["permission_level"]): PermissionGrant => ({
    resource_type: "analysis",
    resource_name: id,
    subject_type: "user",
    subject_id: username,
    permission_level: level,
  });
  return [...analyses.values()].flatMap((analysis) => [
    grant(analysis.id, analysis.username, "own"),
    ...[...(shares.get(analysis.id) ?? [])].map(([username, level]) => grant(analysis.id, username, level)),
  ]);
};

export function appExposerDatabase(links: ViceLinks): DeDatabase {
  const analyses = () => links.apps().state.analyses.analyses;
  return {
    analysis: (id) => analyses().get(id),
    externalIdOf(analysisId) {
      const analysis = analyses().get(analysisId);
      return analysis && externalIdOf(analysis);
    },
    analysisIdOf: (externalId) =>
      [...analyses().values()].find((analysis) => externalIdOf(analysis) === externalId)?.id,
    endAnalysis(id, status) {
      const analysis = analyses().get(id);
      if (!analysis) return;
      analysis.status = status;
      analysis.enddate = Date.now();
    },
    quickLaunches: () => [...links.analyses().state.quickLaunches.quickLaunches.values()],
    appVersion(appId, versionId) {
      const app = links.apps().state.catalog.apps.get(appId);
      const version = app && versionsOf(app).find((candidate) => candidate.version_id === versionId);
      if (!app || !version) return undefined;
      return {
        name: app.name,
        description: app.description,
        version: version.version,
        deleted: app.deleted,
        disabled: version.disabled,
        integrator: app.integrator_username,
      };
    },
    // app-exposer asks the permissions service for the user's own grants (permissions/main.go IsAllowed: no
    // `lookup`), not those of the user's groups.
    mayAccess(username, analysisId) {
      return [...analysisGrants(links.apps)(), ...links.permissions().state.permissions.grants].some(
        (grant) =>
          grant.resource_type === "analysis" &&
          grant.resource_name === analysisId &&
          grant.subject_type === "user" &&
          grant.subject_id === username,
      );
    },
  };
}
