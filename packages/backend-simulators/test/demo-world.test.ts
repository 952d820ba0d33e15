import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TIME_LIMIT_SECONDS } from "../src/app-exposer/vice-analyses.js";
import { versionsOf } from "../src/apps/app-versions.js";
import { permissionOf as appPermission } from "../src/apps/catalog-store.js";
import { toolPermission } from "../src/apps/tools-store.js";
import { DEMO_USERS } from "../src/demo-users.js";
import type { Entry } from "../src/file-info/catalogue.js";
import { permissionOf as dataPermission } from "../src/file-info/permissions.js";
import { Simulator } from "../src/framework/simulator.js";
import { SimulatedPlatform } from "../src/platform.js";

/**
 * The demo world is one world: whatever one simulator's seed names (a data-store path, an app, an analysis, a quick
 * launch, a deployment, a request's folder), the simulator that keeps such things has it, with the access its owner
 * needs. The checks walk the simulators' own state and ask their HTTP APIs, so a seed record added later that names
 * something missing fails here.
 */

let platform: SimulatedPlatform;
beforeAll(async () => {
  platform = await SimulatedPlatform.start();
});
afterAll(() => platform.stop());
// The walk runs on the state `reset()` makes, which each simulator builds on its own.
beforeEach(() => platform.reset());

/** One property met while walking a state: where it is, its name and value, and whose record it is in. */
interface Met {
  where: string;
  key: string;
  value: unknown;
  holder: Record<string, unknown>;
  /** The demo user the nearest enclosing record belongs to, if it names one. */
  owner: string | undefined;
}

/** Fields that say whose a record is (the short name is taken from qualified ones). */
const OWNER_KEYS = ["username", "requested_by", "requesting_user", "creator", "added_by"];
const shortName = (name: string) => name.replace(/@.*$/, "");
const isDemoUser = (name: string) => DEMO_USERS.some((user) => user.username === name);

function ownerOf(record: Record<string, unknown>, inherited: string | undefined): string | undefined {
  for (const key of OWNER_KEYS) {
    const value = record[key];
    if (typeof value === "string" && isDemoUser(shortName(value))) return shortName(value);
  }
  return inherited;
}

/** Every property of a state, depth first, through objects, arrays, maps and sets. */
function walk(value: unknown, where: string, owner?: string, seen = new Set<unknown>()): Met[] {
  if (typeof value !== "object" || value === null || seen.has(value)) return [];
  seen.add(value);
  if (value instanceof Map || value instanceof Set || Array.isArray(value)) {
    const entries = value instanceof Map ? [...value] : [...value].map((item, index) => [index, item]);
    return entries.flatMap(([key, item]) => walk(item, `${where}[${String(key)}]`, owner, seen));
  }
  const record = value as Record<string, unknown>;
  const own = ownerOf(record, owner);
  return Object.entries(record).flatMap(([key, item]) => [
    { where, key, value: item, holder: record, owner: own },
    ...walk(item, `${where}.${key}`, own, seen),
  ]);
}

/** The state of every backend simulator but file-info (the data store itself), by simulator name. */
function otherStates(): Array<[string, unknown]> {
  return Object.values(platform)
    .filter((candidate): candidate is Simulator => candidate instanceof Simulator && candidate !== platform.fileInfo)
    .map((simulator) => [simulator.name, simulator.state]);
}
const everything = () => otherStates().flatMap(([name, state]) => walk(state, name));

const dataStore = () => platform.fileInfo.state.dataStore;
const entryAt = (path: string): Entry | undefined => dataStore().catalogue.at(path);
const strings = (value: unknown): string[] =>
  typeof value === "string" ? [value] : Array.isArray(value) || value instanceof Set ? [...value].map(String) : [];

const apps = () => platform.apps.state;
const vice = () => platform.appExposer.state.vice;
const quickLaunches = () => platform.analyses.state.quickLaunches.quickLaunches;
const instantLaunches = () => platform.appExposer.state.instantLaunches.instantLaunches;

async function get(base: string, path: string) {
  const response = await fetch(new URL(path, base));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("the demo world's data-store paths", () => {
  /** Where a permanent-id request's folder was before it was staged: checked with the request below. */
  const formerPlace = (met: Met) => met.key === "original_path" && met.where.includes("permanentIdRequests");

  it("exist in file-info, readable by the user whose record names them", () => {
    const named = everything().filter(
      (met) => typeof met.value === "string" && met.value.startsWith("/iplant/") && !formerPlace(met),
    );
    expect(named.length).toBeGreaterThan(0);
    const problems = named.flatMap((met) => {
      const path = met.value as string;
      const entry = entryAt(path);
      if (!entry) return [`${met.where}.${met.key} names ${path}, which the data store lacks`];
      if (met.owner && !dataPermission(entry, met.owner)) {
        return [`${met.where}.${met.key} names ${path}, which ${met.owner} cannot read`];
      }
      return [];
    });
    expect(problems).toEqual([]);
  });
});

describe("the demo world's analyses", () => {
  it("run apps and tools their owners may use, and write into output folders their owners own", () => {
    const analyses = [...apps().analyses.analyses.values()];
    expect(analyses.length).toBeGreaterThan(0);
    const problems = analyses.flatMap((analysis) => {
      const app = apps().catalog.apps.get(analysis.app_id);
      if (!app) return [`analysis ${analysis.id} runs app ${analysis.app_id}, which the apps backend lacks`];
      const found: string[] = [];
      if (!appPermission(apps().catalog, app, analysis.username)) {
        found.push(`analysis ${analysis.id}: ${analysis.username} may not run app ${app.id}`);
      }
      for (const toolId of app.tool_ids) {
        const tool = apps().tools.tools.get(toolId);
        if (!tool || !toolPermission(apps().tools, tool, analysis.username)) {
          found.push(`analysis ${analysis.id}: ${analysis.username} may not use tool ${toolId} of app ${app.id}`);
        }
      }
      const output = entryAt(analysis.resultfolderid);
      if (output?.type !== "dir" || dataPermission(output, analysis.username) !== "own") {
        found.push(`analysis ${analysis.id}: ${analysis.username} does not own the folder ${analysis.resultfolderid}`);
      }
      return found;
    });
    expect(problems).toEqual([]);
  });

  it("that finished left their outputs and logs in their output folders", () => {
    const finished = [...apps().analyses.analyses.values()].filter((analysis) =>
      ["Completed", "Failed"].includes(analysis.status),
    );
    expect(finished.map((analysis) => analysis.status).sort()).toEqual(expect.arrayContaining(["Completed", "Failed"]));
    for (const analysis of finished) {
      const logs = dataStore().catalogue.childrenOf(`${analysis.resultfolderid}/logs`);
      expect(logs.length, `the logs of analysis ${analysis.id}`).toBeGreaterThan(0);
    }
  });

  it("that are interactive and running are the analyses app-exposer runs, and no others", async () => {
    const running = [...vice().analyses.values()];
    expect(running.length).toBeGreaterThan(0);
    const interactiveApp = (appId: string) =>
      apps()
        .catalog.apps.get(appId)
        ?.tool_ids.some((id) => apps().tools.tools.get(id)?.interactive) ?? false;
    const runningInteractive = [...apps().analyses.analyses.values()].filter(
      (analysis) => !analysis.deleted && analysis.status === "Running" && interactiveApp(analysis.app_id),
    );
    expect(runningInteractive.map((analysis) => analysis.id).sort()).toEqual(
      running.map((analysis) => analysis.analysisId).sort(),
    );
    const { routes } = (await get(platform.appExposer.url, "/vice/admin/listing")).body as {
      routes: Array<{ analysisID: string; hostnames: string[] }>;
    };
    for (const deployment of running) {
      const analysis = apps().analyses.analyses.get(deployment.analysisId);
      const app = apps().catalog.apps.get(deployment.appId);
      const tool = app?.tool_ids.map((id) => apps().tools.tools.get(id)).find((candidate) => candidate?.interactive);
      expect(analysis).toMatchObject({ username: deployment.username, app_id: deployment.appId });
      expect(deployment).toMatchObject({ analysisName: analysis?.name, appName: app?.name });
      expect(deployment.image).toBe(`${tool?.container.image.name}:${tool?.container.image.tag}`);
      expect(vice().operators.get(deployment.operatorId)).toMatchObject({
        accepting_launches: true,
        deactivated: false,
      });
      // The planned end is where a launch puts it, kept with the job.
      expect(vice().jobs.get(deployment.analysisId)?.plannedEnd).toBe(
        Math.floor(deployment.createdAt / 1000) + TIME_LIMIT_SECONDS,
      );
      // The apps backend lists the address app-exposer routes.
      const hostnames = routes.find((route) => route.analysisID === deployment.analysisId)?.hostnames ?? [];
      expect(analysis?.interactive_urls).toEqual(hostnames.map((host) => `https://${host}`));
      // The owner passes the permission checks of the VICE routes.
      const user = `?user=${deployment.username}`;
      expect(await get(platform.appExposer.url, `/vice/${deployment.subdomain}/url-ready${user}`)).toEqual({
        status: 200,
        body: { ready: true, access_url: analysis?.interactive_urls?.[0] },
      });
      expect((await get(platform.appExposer.url, `/vice/${deployment.analysisId}/time-limit${user}`)).status).toBe(200);
    }
  });
});

describe("the demo world's references between simulators", () => {
  const known = () => ({
    apps: new Set(apps().catalog.apps.keys()),
    analyses: new Set(apps().analyses.analyses.keys()),
    tools: new Set(apps().tools.tools.keys()),
    quickLaunches: new Set(quickLaunches().keys()),
    instantLaunches: new Set(instantLaunches().keys()),
    operators: new Set(vice().operators.keys()),
    avus: new Set(platform.metadata.state.avus.avus.keys()),
  });

  /** What a property naming something must name, by the property's name; undefined: it names nothing checked. */
  function problemWith(met: Met, ids: ReturnType<typeof known>): string | undefined {
    const at = `${met.where}.${met.key}`;
    const missing = (kind: string, id: string) => `${at} names ${kind} ${id}, which is missing`;
    const firstMissing = (set: Set<string>, kind: string) => {
      const id = strings(met.value).find((candidate) => !set.has(candidate));
      return id === undefined ? undefined : missing(kind, id);
    };
    switch (met.key) {
      case "app_id":
      case "appId":
      case "app_ids":
        return firstMissing(ids.apps, "app");
      case "analysis_id":
      case "analysisId":
        return firstMissing(ids.analyses, "analysis");
      case "tool_id":
      case "tool_ids":
        return firstMissing(ids.tools, "tool");
      case "quick_launch_id":
        return firstMissing(ids.quickLaunches, "quick launch");
      case "operatorId":
        return firstMissing(ids.operators, "operator");
      case "app_version_id": {
        const app = apps().catalog.apps.get(String(met.holder.app_id));
        const versions = app ? versionsOf(app).map((version) => version.version_id) : [];
        return versions.includes(String(met.value)) ? undefined : missing("app version", String(met.value));
      }
      case "target_id":
        return targetProblem(met, ids);
      default:
        return undefined;
    }
  }

  /** A `target_id` names what its `target_type` says; without one, something the platform has. */
  function targetProblem(met: Met, ids: ReturnType<typeof known>): string | undefined {
    const id = String(met.value);
    const type = met.holder.target_type;
    const at = `${met.where}.target_id`;
    if (type === "file" || type === "folder") {
      const entry = dataStore().catalogue.withId(id);
      return entry?.type === (type === "file" ? "file" : "dir")
        ? undefined
        : `${at} names the ${type} ${id}, which is missing`;
    }
    const kinds: Record<string, Set<string>> = {
      app: ids.apps,
      analysis: ids.analyses,
      instant_launch: ids.instantLaunches,
      // An AVU attached to another AVU (the metadata service's nested AVUs).
      avu: ids.avus,
    };
    if (typeof type === "string") {
      const set = kinds[type];
      if (!set) return `${at} has the target type ${type}, which this test does not know how to check`;
      return set.has(id) ? undefined : `${at} names the ${type} ${id}, which is missing`;
    }
    const anywhere = Object.values(kinds).some((set) => set.has(id)) || dataStore().catalogue.withId(id);
    return anywhere ? undefined : `${at} names ${id}, which no simulator has`;
  }

  it("name apps, versions, tools, analyses, quick launches, instant launches and operators that exist", () => {
    const ids = known();
    const met = everything();
    expect(met.some((candidate) => candidate.key === "quick_launch_id")).toBe(true);
    expect(met.flatMap((candidate) => problemWith(candidate, ids) ?? [])).toEqual([]);
  });

  it("share apps together with their tools, and offer instant launches of public quick launches", () => {
    const problems: string[] = [];
    for (const [appId, shares] of apps().catalog.shares) {
      const app = apps().catalog.apps.get(appId);
      for (const username of shares.keys()) {
        for (const toolId of app?.tool_ids ?? []) {
          const tool = apps().tools.tools.get(toolId);
          if (!tool || !toolPermission(apps().tools, tool, username)) {
            problems.push(`app ${appId} is shared with ${username}, its tool ${toolId} is not`);
          }
        }
      }
    }
    for (const instantLaunch of instantLaunches().values()) {
      const quickLaunch = quickLaunches().get(instantLaunch.quick_launch_id);
      if (!quickLaunch?.is_public) problems.push(`instant launch ${instantLaunch.id} offers a quick launch not public`);
    }
    expect(apps().catalog.shares.size).toBeGreaterThan(0);
    expect(instantLaunches().size).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});

describe("the demo world's requests", () => {
  it("ask for VICE access in a registered request type, by users the platform knows", () => {
    const { types, requests } = platform.requests.state.requests;
    expect(requests.size).toBeGreaterThan(0);
    for (const request of requests.values()) {
      expect(types.has(request.request_type), `the type of request ${request.id}`).toBe(true);
      expect(isDemoUser(request.requesting_user), `the requester of request ${request.id}`).toBe(true);
    }
  });

  it("ask for DOIs on folders that exist, staged for the curators, their requesters still able to write to them", () => {
    const requests = [...platform.metadata.state.permanentIdRequests.requests.values()];
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) {
      const folder = dataStore().catalogue.withId(request.target_id);
      expect(folder?.type, `the folder of permanent-id request ${request.id}`).toBe(
        request.target_type === "folder" ? "dir" : "file",
      );
      if (!folder) continue;
      expect(dataPermission(folder, request.requested_by)).toBe("write");
      expect(folder.acl.get("data-curators")).toBe("own");
      // It was the requester's, where the request says it was.
      const name = folder.path.slice(folder.path.lastIndexOf("/"));
      expect(request.original_path?.endsWith(name)).toBe(true);
      const formerFolder = entryAt(request.original_path?.slice(0, -name.length) ?? "");
      expect(formerFolder && dataPermission(formerFolder, request.requested_by)).toBe("own");
    }
  });
});

describe("the demo world's subscriptions", () => {
  it("leave one demo user on Basic, where the web client refuses sharing; the others' plans allow it", async () => {
    // sonora's planCanShare (src/common/useResourceUsageSummary.js): any plan but Basic, or any add-on.
    const plans = await Promise.all(
      DEMO_USERS.map(async ({ username }) => {
        const answer = await get(platform.qms.url, `/v1/users/${username}/plan`);
        const result = answer.body.result as { plan: { name: string } };
        return [username, result.plan.name] as const;
      }),
    );
    const onBasic = plans.filter(([, plan]) => plan === "Basic").map(([username]) => username);
    expect(onBasic).toEqual(["bob"]);
    const offered = ((await get(platform.qms.url, "/v1/plans")).body.result as Array<{ name: string }>).map(
      (plan) => plan.name,
    );
    expect(offered).toEqual(expect.arrayContaining(plans.map(([, plan]) => plan)));
  });
});
