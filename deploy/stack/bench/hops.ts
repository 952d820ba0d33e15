import { existsSync } from "node:fs";
import { appsIdentityOf, DEFAULT_PORTS, qualifiedUsername } from "@de-gateway/backend-simulators";
import { bundle } from "../src/bundle.js";
import { serviceComponents, stackEntries } from "../src/components.js";
import { Stack } from "../src/stack.js";
import { bearerFor } from "./alice.js";
import { figureWanted, formatSpread, printFigure, spreadOf } from "./figures.js";
import { customHandlerFloorFigure, gatewayCostFigure } from "./floor-figures.js";
import { landingBurstFigure } from "./landing-burst.js";
import { type Floor, startFloor, startPlainProxy } from "./plain-proxy.js";
import {
  type Comparison,
  DEFAULT_LOAD,
  type LoadSettings,
  sideBySide,
  type Target,
  type Watched,
} from "./side-by-side.js";
import { tracingCostFigure } from "./tracing-cost.js";

const EDGE_PORT = Number(process.env.EDGE_PORT ?? 8080);
/**
 * Figure 1 compares CPU per request, which on a shared machine of two cores moves by a quarter from one round to the
 * next: nine rounds, and a longer warm-up, so that both processes are measured with their code optimized.
 */
const FIGURE_1_LOAD: LoadSettings = { ...DEFAULT_LOAD, rounds: Math.max(9, DEFAULT_LOAD.rounds), warmupSeconds: 3 };
const local = (port: number) => `http://127.0.0.1:${port}`;

function servicePort(name: string): number {
  const service = serviceComponents().find((component) => component.name === name);
  if (!service) throw new Error(`no service ${name}`);
  return service.port;
}

/**
 * One request of each target must give the same JSON, or the comparison would compare different work. `asServed`
 * turns the direct answer into what the service makes of it (user-info wraps a saved session; the gateway does not).
 */
async function sameAnswer(direct: Target, through: Target, asServed = (answer: unknown) => answer): Promise<void> {
  const answers = await Promise.all(
    [direct, through].map(async (target) => {
      const { url, ...init } = target;
      const response = await fetch(url, init);
      return { status: response.status, body: await response.text() };
    }),
  );
  const [a, b] = answers;
  const same =
    a?.status === 200 &&
    b?.status === 200 &&
    JSON.stringify(asServed(JSON.parse(a.body))) === JSON.stringify(JSON.parse(b.body));
  if (!same) {
    throw new Error(`${through.url} and ${direct.url} answer differently: ${JSON.stringify(answers).slice(0, 500)}`);
  }
}

/** The simulators record every request for tests; emptied between runs so that the record does not grow. */
const forgetRecordedRequests = async () => {
  await Promise.all(
    [DEFAULT_PORTS.apps, DEFAULT_PORTS.preferences].map((port) =>
      fetch(`${local(port)}/__sim/requests`, { method: "DELETE" }),
    ),
  );
};

async function compare(
  direct: Target,
  through: Target,
  watched: Watched,
  asServed?: (answer: unknown) => unknown,
  settings: LoadSettings = DEFAULT_LOAD,
): Promise<Comparison> {
  await sameAnswer(direct, through, asServed);
  return sideBySide(direct, through, { between: forgetRecordedRequests, watched, settings });
}

const cpuText = (spreads: Comparison["cpuPerRequest"]["direct"]) =>
  Object.entries(spreads)
    .map(([name, spread]) => `${name} ${spread.median.toFixed(0)}`)
    .join(", ");

const describe = (comparison: Comparison, viaName: string) => {
  const { direct, through } = comparison.cpuPerRequest;
  const cpu = Object.keys(direct).length
    ? `; µs of CPU per request, direct: ${cpuText(direct)}; through: ${cpuText(through)}`
    : "";
  return (
    `${formatSpread(comparison.ratio, 2, " x")} direct req/s, p99 added ${formatSpread(comparison.p99AddedMs, 1, " ms")} ` +
    `(direct ${comparison.direct.median.toFixed(0)} req/s, ${viaName} ${comparison.through.median.toFixed(0)} req/s${cpu})`
  );
};

/**
 * Figures 1 to 3: the stack as `pnpm start` runs it (compiled processes, services logging JSON at info as in
 * containers, their output dropped), loaded with 10 connections on loopback.
 */
export async function hopFigures(): Promise<void> {
  await bundle(stackEntries());
  const stack = new Stack({ edgePort: EDGE_PORT });
  const floors: Floor[] = [];
  try {
    await stack.start();
    const plainProxy = await startPlainProxy(local(DEFAULT_PORTS.apps));
    floors.push(plainProxy);
    const rawProxy = await startFloor("./raw-proxy.ts", local(DEFAULT_PORTS.apps));
    floors.push(rawProxy);
    const rawSessions = await startFloor(
      "./raw-sessions.ts",
      local(DEFAULT_PORTS.preferences),
      qualifiedUsername("alice"),
    );
    floors.push(rawSessions);
    const bearer = await bearerFor("alice");
    const appsIdentity = appsIdentityOf("alice");
    const genomesDirect: Target = { url: `${local(DEFAULT_PORTS.apps)}/reference-genomes?${appsIdentity}` };
    const genomesVia = (port: number): Target => ({ url: `${local(port)}/reference-genomes`, headers: bearer });
    const pids: Record<string, number> = {
      ...Object.fromEntries(stack.running.map(({ component, child }) => [component.name, child.pid as number])),
      "plain proxy": plainProxy.pid,
    };
    // Process times come from /proc: where there is none (macOS), the figures go without them.
    const watch = (...names: string[]): Watched =>
      existsSync("/proc/self/stat") ? Object.fromEntries(names.map((name) => [name, pids[name] as number])) : {};

    if (figureWanted(1)) {
      // Figure 1: the same request through the raw floor, the plain Fastify proxy and apps-proxy, taking turns in the
      // same rounds; the gateway's own cost is apps-proxy's CPU per request over each floor's, round by round.
      const measured = existsSync("/proc/self/stat");
      // The other floor: a service answering by itself, no backend call, no hop. The answers differ, so there is no
      // same-answer check.
      const own = await sideBySide(
        genomesDirect,
        { url: `${local(servicePort("identity-session"))}/uuid` },
        { between: forgetRecordedRequests, watched: watch("identity-session"), settings: FIGURE_1_LOAD },
      );
      const ownCpu = spreadOf(own.cpuPerRequestRounds.through.map((run) => run["identity-session"] ?? 0));
      if (measured) {
        await gatewayCostFigure(
          { target: genomesVia(servicePort("apps-proxy")), pid: pids["apps-proxy"] as number },
          { raw: rawProxy, plain: plainProxy, path: `/reference-genomes?${appsIdentity}` },
          { sameAnswer, settings: FIGURE_1_LOAD, between: forgetRecordedRequests },
          `identity-session answering GET /uuid by itself ${formatSpread(ownCpu, 0, " µs")}`,
        );
      } else {
        printFigure("1 gateway cost", "no /proc on this system: CPU per request not measured");
      }
      // Its tracing line: a traced twin of apps-proxy, whose settings are read from /proc as its CPU time is.
      const appsProxy = stack.running.find(({ component }) => component.name === "apps-proxy");
      if (measured && appsProxy) {
        await tracingCostFigure({
          untraced: appsProxy,
          headers: bearer,
          settings: FIGURE_1_LOAD,
          between: forgetRecordedRequests,
        });
      }
    }

    if (figureWanted(2)) {
      const full = await compare(genomesDirect, genomesVia(EDGE_PORT), watch("simulators", "edge", "apps-proxy"));
      printFigure(
        "2 full path (GET /reference-genomes, edge + apps-proxy vs the apps simulator)",
        describe(full, "edge"),
      );
    }

    if (figureWanted(3)) {
      const session = JSON.stringify({ windows: ["data", "apps", "analyses"], active: "apps", at: [120, 80] });
      const json = { "content-type": "application/json" };
      const saveSession: Target = {
        url: `${local(servicePort("identity-session"))}/secured/sessions`,
        method: "POST",
        headers: { ...json, ...bearer },
        body: session,
      };
      const custom = await compare(
        {
          url: `${local(DEFAULT_PORTS.preferences)}/sessions/${qualifiedUsername("alice")}`,
          method: "PUT",
          headers: json,
          body: session,
        },
        saveSession,
        watch("simulators", "identity-session"),
        (answer) => (answer as { session: unknown }).session,
      );
      printFigure(
        "3 custom handler (POST /secured/sessions, identity-session vs PUT to the preferences simulator)",
        describe(custom, "identity-session"),
      );
      if (existsSync("/proc/self/stat")) {
        await customHandlerFloorFigure({ target: saveSession, pid: pids["identity-session"] as number }, rawSessions, {
          sameAnswer,
          settings: FIGURE_1_LOAD,
          between: forgetRecordedRequests,
        });
      }
    }

    if (figureWanted(9)) await landingBurstFigure(servicePort, bearer);
  } finally {
    for (const floor of floors) floor.stop();
    await stack.stop();
  }
}
