/**
 * Side by side: builds of a service, each in a process of its own on one set of simulators, with a floor beside them,
 * loaded in turns (10 connections) and compared by CPU per request. The way a change to the per-request path is judged
 * (docs/performance.md): copy the compiled stack (`node_modules/.cache/de-gateway-stack`) aside before the change,
 * build after it, and compare the two. `WORKLOAD` picks what is loaded: `genomes` (default: apps-proxy builds,
 * `GET /reference-genomes`, beside the raw floor, `raw-proxy.ts`, as figure 1; with `FLOOR=plain`, beside the plain
 * Fastify proxy) or `sessions` (identity-session builds, `POST /secured/sessions`, beside the raw floor doing the same
 * work, as figure 3). Each line gives the kernel's part of the CPU, the system calls and page faults per request and
 * the requests answered in all (warm-up included: what a `--cpu-prof` of the process saw, for `profile-costs.ts`).
 *
 *   compare-builds.ts <name>=<compiled program .mjs>[%VAR:value...] ...
 *
 * Each target is warmed up as the benches do (`warmUp`: until V8 has compiled its request path). Each build runs with
 * the Node options every service runs with (SHARED_NODE_ARGS). `%VAR:value` sets a variable of
 * that build's process (e.g. `quiet=…/apps-proxy.mjs%LOG_LEVEL:warn`,
 * `profiled=…/apps-proxy.mjs%NODE_OPTIONS:--cpu-prof --cpu-prof-dir=/tmp/profiles`), and `%NODE_ARGS:…` adds Node
 * options NODE_OPTIONS cannot carry (V8's `--min-semi-space-size`, say); `FLOOR_NODE_OPTIONS` sets the floor's.
 * `ROUNDS` (default 8) and `SECONDS_EACH` (default 3) set the rounds. `PIN` places the processes on the two CPUs
 * (Linux's `taskset`, every thread): `server` puts the measured ones (builds and floor) on CPU 0 and the load
 * generator and the simulators on CPU 1; `one` puts all of them on CPU 0. Unset, the kernel places them as the benches
 * run.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { appsIdentityOf, DEFAULT_PORTS, qualifiedUsername } from "@de-gateway/backend-simulators";
import { generateStackKeys } from "@de-gateway/backend-simulators/stack-keys";
import { SHARED_NODE_ARGS } from "@de-gateway/routing/node-args";
import autocannon from "autocannon";
import { bundlePath } from "../src/bundle-paths.js";
import { simulatorComponent } from "../src/components.js";
import { servicesPlatformEnvironment, simulatorsProcessEnvironment } from "../src/environment.js";
import { launch, waitUntilReady } from "../src/processes.js";
import { bearerFor } from "./alice.js";
import { formatSpread, spreadOf } from "./figures.js";
import { type Floor, startFloor, startPlainProxy } from "./plain-proxy.js";
import { processTimes, systemCalls, warmUp } from "./side-by-side.js";

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

const keys = await generateStackKeys();
const simulators = launch(simulatorComponent(), bundlePath("simulators"), simulatorsProcessEnvironment(keys));
children.push(simulators.child);
await waitUntilReady(simulators);
const environment = servicesPlatformEnvironment(keys);
const started = builds.map((build, index) => {
  const port = FIRST_PORT + index;
  const { NODE_ARGS: nodeArgs = "", ...env } = build.env;
  const args = [...SHARED_NODE_ARGS, ...nodeArgs.split(" ").filter(Boolean), build.program];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...environment, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: "ignore",
  });
  children.push(child);
  return { ...build, port, pid: child.pid as number };
});
const local = (port: number) => `http://127.0.0.1:${port}`;
const bearer = await bearerFor("alice");
const sessions = process.env.WORKLOAD === "sessions";
const plain = !sessions && process.env.FLOOR === "plain";
const floorName = plain ? "plain proxy" : "raw floor";
const floor: Floor = sessions
  ? await startFloor("./raw-sessions.ts", local(DEFAULT_PORTS.preferences), qualifiedUsername("alice"))
  : plain
    ? await startPlainProxy(local(DEFAULT_PORTS.apps))
    : await startFloor("./raw-proxy.ts", local(DEFAULT_PORTS.apps));
process.on("exit", floor.stop);
const session = JSON.stringify({ windows: ["data", "apps", "analyses"], active: "apps", at: [120, 80] });
const json = { "content-type": "application/json" };
const request = (port: number, headers: Record<string, string>) =>
  sessions
    ? {
        url: `${local(port)}/secured/sessions`,
        method: "POST" as const,
        headers: { ...json, ...headers },
        body: session,
      }
    : { url: `${local(port)}/reference-genomes${port === floor.port ? `?${appsIdentityOf("alice")}` : ""}`, headers };
const targets = [
  { name: floorName, pid: floor.pid, ...request(floor.port, sessions ? bearer : {}) },
  ...started.map(({ name, pid, port }) => ({ name, pid, ...request(port, bearer) })),
];

/** Puts a process, all its threads, on the given CPUs. */
const pin = (pid: number, cpus: string) =>
  execFileSync("taskset", ["--all-tasks", "--cpu-list", "--pid", cpus, String(pid)]);
const placement = process.env.PIN || undefined;
if (placement === "server" || placement === "one") {
  for (const target of targets) pin(target.pid, "0");
  for (const pid of [process.pid, simulators.child.pid as number]) pin(pid, placement === "one" ? "0" : "1");
} else if (placement !== undefined) {
  throw new Error(`PIN is server or one, not ${placement}`);
}

for (let waited = 0; ; waited += 100) {
  const answers = await Promise.all(
    targets.map((target) =>
      fetch(target.url, target).then(
        (r) => r.status,
        () => 0,
      ),
    ),
  );
  if (answers.every((status) => status === 200)) break;
  if (waited > 20_000) throw new Error(`not every build answers 200: ${JSON.stringify(answers)}`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Per round and target: CPU per request, the kernel's part of it, system calls and page faults per request. */
const measured = Object.fromEntries(
  targets.map((target) => [
    target.name,
    { cpu: [] as number[], kernel: [] as number[], calls: [] as number[], faults: [] as number[] },
  ]),
);
const answered: Record<string, number> = {};
const load = async (target: (typeof targets)[number], duration: number) => {
  const result = await autocannon({ ...target, connections: 10, duration });
  answered[target.name] = (answered[target.name] ?? 0) + result.requests.total;
  return result;
};
for (const target of targets) {
  answered[target.name] = (answered[target.name] ?? 0) + (await warmUp(target, 10, 2, [target.pid]));
}
for (let round = 0; round < rounds; round++) {
  for (const target of round % 2 ? [...targets].reverse() : targets) {
    await fetch(`${local(sessions ? DEFAULT_PORTS.preferences : DEFAULT_PORTS.apps)}/__sim/requests`, {
      method: "DELETE",
    });
    const [before, calls] = [processTimes(target.pid), systemCalls(target.pid)];
    const result = await load(target, seconds);
    if (result.non2xx || result.errors || result.timeouts) throw new Error(`${target.name}: requests failed`);
    const perRequest = (value: number) => value / result.requests.total;
    const record = measured[target.name];
    const after = processTimes(target.pid);
    record?.cpu.push(perRequest(after.cpu - before.cpu));
    record?.kernel.push(perRequest(after.kernel - before.kernel));
    record?.calls.push(perRequest(systemCalls(target.pid) - calls));
    record?.faults.push(perRequest(after.pageFaults - before.pageFaults));
  }
}
const floorRounds = measured[floorName]?.cpu ?? [];
for (const [name, { cpu, kernel, calls, faults }] of Object.entries(measured)) {
  const multiple = spreadOf(cpu.map((value, round) => value / (floorRounds[round] ?? 1)));
  console.log(
    `${name}: ${formatSpread(spreadOf(cpu), 0, " µs")} of CPU per request (in the kernel ${formatSpread(spreadOf(kernel), 0, " µs")}), ` +
      `${formatSpread(multiple, 2, " x")} the ${floorName}'s; ${spreadOf(calls).median.toFixed(2)} system calls and ` +
      `${spreadOf(faults).median.toFixed(3)} page faults per request, ${answered[name]} requests answered in all`,
  );
}
process.exit(0);
