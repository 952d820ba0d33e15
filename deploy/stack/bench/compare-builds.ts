/**
 * Side by side: builds of apps-proxy, each in a process of its own on one set of simulators, with the plain Fastify
 * proxy beside them, loaded in turns (`GET /reference-genomes`, 10 connections) and compared by CPU per request. The
 * way a change to the per-request path is judged (docs/performance.md): copy the compiled stack
 * (`node_modules/.cache/de-gateway-stack`) aside before the change, build after it, and compare the two.
 *
 *   compare-builds.ts <name>=<compiled apps-proxy.mjs>[%VAR:value...] ...
 *
 * `%VAR:value` sets a variable of that build's process (e.g. `quiet=…/apps-proxy.mjs%LOG_LEVEL:warn`).
 * `ROUNDS` (default 8) and `SECONDS_EACH` (default 3) set the rounds.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { DEFAULT_PORTS } from "@de-gateway/backend-simulators";
import autocannon from "autocannon";
import { bundlePath } from "../src/bundle-paths.js";
import { simulatorComponent } from "../src/components.js";
import { SIMULATORS_PROCESS_ENVIRONMENT, simulatorEnvironment } from "../src/environment.js";
import { launch } from "../src/processes.js";
import { appsIdentityOf, bearerFor } from "./alice.js";
import { formatSpread, spreadOf } from "./figures.js";
import { startPlainProxy } from "./plain-proxy.js";
import { cpuMicros } from "./side-by-side.js";

const FIRST_PORT = 4700;
const rounds = Number(process.env.ROUNDS ?? 8);
const seconds = Number(process.env.SECONDS_EACH ?? 3);

interface Build {
  name: string;
  program: string;
  env: Record<string, string>;
}

function parseBuild(argument: string): Build {
  const [head = "", ...settings] = argument.split("%");
  const split = head.indexOf("=");
  if (split < 1) throw new Error(`usage: compare-builds.ts <name>=<apps-proxy.mjs>[%VAR:value...], not ${argument}`);
  return {
    name: head.slice(0, split),
    program: head.slice(split + 1),
    env: Object.fromEntries(
      settings.map((setting) => [setting.slice(0, setting.indexOf(":")), setting.slice(setting.indexOf(":") + 1)]),
    ),
  };
}

const builds = process.argv.slice(2).map(parseBuild);
if (!builds.length) throw new Error("name at least one build");
const children: ChildProcess[] = [];
process.on("exit", () => {
  for (const child of children) child.kill();
});

const { sink, environment: told } = simulatorEnvironment();
const simulators = launch(simulatorComponent(), bundlePath("simulators"), SIMULATORS_PROCESS_ENVIRONMENT, sink);
children.push(simulators.child);
const environment = await told;
const started = builds.map((build, index) => {
  const port = FIRST_PORT + index;
  const child = spawn(process.execPath, [build.program], {
    env: { ...process.env, ...environment, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info", ...build.env },
    stdio: "ignore",
  });
  children.push(child);
  return { ...build, port, pid: child.pid as number };
});
const plain = await startPlainProxy(`http://127.0.0.1:${DEFAULT_PORTS.apps}`);
process.on("exit", plain.stop);

const bearer = await bearerFor("alice");
const identity = appsIdentityOf("alice");
const targets = [
  {
    name: "plain proxy",
    pid: plain.pid,
    url: `http://127.0.0.1:${plain.port}/reference-genomes?${identity}`,
    headers: {},
  },
  ...started.map(({ name, pid, port }) => ({
    name,
    pid,
    url: `http://127.0.0.1:${port}/reference-genomes`,
    headers: bearer,
  })),
];

for (let waited = 0; ; waited += 100) {
  const answers = await Promise.all(
    targets.map((target) =>
      fetch(target.url, { headers: target.headers }).then(
        (r) => r.status,
        () => 0,
      ),
    ),
  );
  if (answers.every((status) => status === 200)) break;
  if (waited > 20_000) throw new Error(`not every build answers 200: ${JSON.stringify(answers)}`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const cpuPerRequest: Record<string, number[]> = Object.fromEntries(targets.map((target) => [target.name, []]));
for (const target of targets)
  await autocannon({ url: target.url, headers: target.headers, connections: 10, duration: 2 });
for (let round = 0; round < rounds; round++) {
  for (const target of round % 2 ? [...targets].reverse() : targets) {
    await fetch(`http://127.0.0.1:${DEFAULT_PORTS.apps}/__sim/requests`, { method: "DELETE" });
    const before = cpuMicros(target.pid);
    const result = await autocannon({ url: target.url, headers: target.headers, connections: 10, duration: seconds });
    if (result.non2xx || result.errors || result.timeouts) throw new Error(`${target.name}: requests failed`);
    cpuPerRequest[target.name]?.push((cpuMicros(target.pid) - before) / result.requests.total);
  }
}
const plainRounds = cpuPerRequest["plain proxy"] ?? [];
for (const [name, values] of Object.entries(cpuPerRequest)) {
  const multiple = spreadOf(values.map((value, round) => value / (plainRounds[round] ?? 1)));
  console.log(
    `${name}: ${formatSpread(spreadOf(values), 0, " µs")} of CPU per request, ${formatSpread(multiple, 2, " x")} the plain proxy's`,
  );
}
process.exit(0);
