import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import { expect } from "vitest";

export interface LaunchedAnalysis {
  id: string;
  name: string;
}

/**
 * The caller makes an interactive app (a tool marked interactive, an app running it) and launches it, all through
 * the service, as the web client's app editor and launch form would.
 */
export async function launchInteractiveApp(service: ServiceUnderTest, username: string): Promise<LaunchedAnalysis> {
  const send = service.send.bind(service);
  const tool = await send(username, "POST", "/tools", {
    name: `${username}-jupyter`,
    version: "4.2",
    type: "interactive",
    interactive: true,
    container: { image: { name: "discoenv/jupyter-lab", tag: "4.2" } },
  });
  expect(tool.statusCode).toBe(200);
  const app = await send(username, "POST", "/apps", {
    name: `${username}'s JupyterLab`,
    description: "A notebook in the browser",
    tools: [{ id: tool.json().id }],
    groups: [],
  });
  expect(app.statusCode).toBe(200);
  const name = `${username}-notebook`;
  const analysis = await send(username, "POST", "/analyses", {
    app_id: app.json().id,
    name,
    output_dir: `/iplant/home/${username}/analyses`,
    config: {},
  });
  expect(analysis.statusCode).toBe(200);
  return { id: analysis.json().id, name };
}

/** Asks until `check` holds, or fails after `ms`. */
export async function eventually(check: () => Promise<boolean>, ms = 3_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("the condition never held");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What the apps backend says of the caller's analysis (its status, among others). */
export async function analysisOf(service: ServiceUnderTest, username: string, id: string) {
  const listing = (await service.send(username, "GET", "/analyses")).json() as {
    analyses: Array<{ id: string; status: string; interactive_urls: string[] }>;
  };
  return listing.analyses.find((analysis) => analysis.id === id);
}

/** The owner shares the analysis with a user, as the web client's sharing dialog does. */
export async function shareAnalysis(
  service: ServiceUnderTest,
  owner: string,
  analysisId: string,
  username: string,
  permission: "read" | "write" | "own",
) {
  const answer = await service.send(owner, "POST", "/analyses/sharing", {
    sharing: [{ subject: { id: username, source_id: "ldap" }, analyses: [{ analysis_id: analysisId, permission }] }],
  });
  expect(answer.statusCode).toBe(200);
}
