/**
 * 1 GiB through the data service, both ways, against the same transfer made directly with the file-info
 * simulator and through two bare hops put where the service is: a TCP relay (tcp-relay.ts), what any hop costs on
 * this machine, and an HTTP proxy (http-proxy.ts), what an HTTP hop written in Node costs. It prints the service's
 * throughput as a ratio to the relay's, round by round (target >= 0.9), the ratios of each to direct, and the
 * service's peak RSS growth during each transfer (target < 64 MiB), one `figure 5 …` line each
 * (docs/performance.md), exit code 1 on a miss.
 *
 * The simulators run in this process, the service as a process of its own (as in `pnpm start`, so that its memory
 * is measured alone, from /proc/<pid>/status while the transfer runs), and each transfer's client in a process of
 * its own (transfer-client.ts), as real clients are, for every route alike.
 *
 * A small transfer on each route warms it up first. Then every round uploads and downloads a file on each route
 * and deletes it, the routes taking turns at going first (a transfer right after another runs on a busier disk
 * cache and machine); a figure is the median of its rounds' ratios, and the largest RSS growth of any round,
 * counted from the service's RSS before its first transfer, so that memory kept from earlier transfers counts.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SimulatedPlatform } from "@de-gateway/backend-simulators";
import { freePort } from "@de-gateway/backend-simulators/ports";
import { loadRoutesFile } from "@de-gateway/routing";
import { median, waitUntilUp } from "./bench-support.js";

const MIB = 1024 * 1024;
const SIZE = 1024 * MIB;
const WARM_UP_SIZE = 32 * MIB;
const ROUNDS = 5;
/** Of the bare TCP relay's throughput, measured in the same rounds. */
const TARGET_RATIO = 0.9;
const TARGET_RSS_MIB = 64;
const HOME = "/iplant/home/alice";
const DIRECTIONS = ["upload", "download"] as const;
const ROUTES = ["direct", "service", "relay", "proxy"] as const;

type Direction = (typeof DIRECTIONS)[number];
type Route = (typeof ROUTES)[number];
type Measured = { seconds: number; growthMiB: number };
type Transfers = Record<Direction, (name: string, size: number) => Promise<number>>;

const rssOf = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match?.[1] ?? 0) * 1024;
};

const benchFile = (name: string) => fileURLToPath(new URL(name, import.meta.url));

/** Runs one transfer in a client process of its own; resolves with the duration the client measured. */
function transfer(mode: Direction, url: string, headers: Record<string, string>, size: number, name = "") {
  return new Promise<number>((resolve, reject) => {
    const args = ["--import", "tsx", benchFile("./transfer-client.ts"), mode, url, JSON.stringify(headers)];
    const child = spawn(process.execPath, [...args, String(size), name], { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.once("exit", (code) => {
      if (code === 0) resolve((JSON.parse(output) as { seconds: number }).seconds);
      else reject(new Error(`the ${mode} of ${url} failed`));
    });
  });
}

/** Starts a bare hop (`program`) in front of `targetPort`; resolves with its process and the port it listens on. */
function startHop(program: string, targetPort: string) {
  return new Promise<{ process: ChildProcess; port: number }>((resolve, reject) => {
    const hop = spawn(process.execPath, ["--import", "tsx", benchFile(program), targetPort], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    hop.stdout.once("data", (chunk: Buffer) => resolve({ process: hop, port: Number(String(chunk).trim()) }));
    hop.once("exit", () => reject(new Error(`${program} ended`)));
  });
}

/**
 * Runs a transfer while sampling the service's RSS; returns its duration and the service's peak RSS during it
 * above `baseline`, the service's RSS before its first transfer: what is kept from earlier ones counts too.
 */
async function measured(pid: number, baseline: number, run: () => Promise<number>): Promise<Measured> {
  let peak = rssOf(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 25);
  try {
    const seconds = await run();
    peak = Math.max(peak, rssOf(pid));
    return { seconds, growthMiB: (peak - baseline) / MIB };
  } finally {
    clearInterval(sampler);
  }
}

/** The simulator's own routes at `origin` (its own or a bare hop's); the simulator takes the user as a parameter. */
function simulatorTransfers(origin: string): Transfers {
  const url = (path: string) => `${origin}${path}${path.includes("?") ? "&" : "?"}user=alice`;
  return {
    upload: (name, size) => transfer("upload", url(`/data?dest=${encodeURIComponent(HOME)}`), {}, size, name),
    download: (name, size) => transfer("download", url(`/data/path${HOME}/${name}`), {}, size),
  };
}

function serviceTransfers(gateway: string, auth: Record<string, string>): Transfers {
  return {
    upload: (name, size) =>
      transfer("upload", `${gateway}/secured/fileio/upload?dest=${encodeURIComponent(HOME)}`, auth, size, name),
    download: (name, size) =>
      transfer(
        "download",
        `${gateway}/secured/fileio/download?path=${encodeURIComponent(`${HOME}/${name}`)}`,
        auth,
        size,
      ),
  };
}

/** Deletes a file for good (into the trash, then the trash emptied), so that rounds don't fill the disk cache. */
async function removeForGood(simulator: string, name: string) {
  const url = (path: string) => `${simulator}${path}?user=alice`;
  const body = JSON.stringify({ paths: [`${HOME}/${name}`] });
  await fetch(url("/deleter"), { method: "POST", headers: { "content-type": "application/json" }, body });
  await fetch(url("/trash"), { method: "DELETE" });
}

const platform = await SimulatedPlatform.start();
const port = await freePort();
// The service runs with the Node options it runs with everywhere, and any given here, e.g.
// BENCH_SERVICE_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it under this load.
const { nodeArgs } = loadRoutesFile(fileURLToPath(new URL("../routes.yml", import.meta.url)));
const extraNodeArgs = (process.env.BENCH_SERVICE_NODE_ARGS ?? "").split(" ").filter(Boolean);
const serviceArgs = [...nodeArgs, ...extraNodeArgs, "--conditions=source", "--import", "tsx", "src/server.ts"];
const service = spawn(process.execPath, serviceArgs, {
  cwd: fileURLToPath(new URL("..", import.meta.url)),
  env: { ...process.env, ...(await platform.env()), PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
  stdio: ["ignore", "inherit", "inherit"],
});
const simulatorPort = new URL(platform.fileInfo.url).port;
const hops: ChildProcess[] = [];
let failed = false;
try {
  const relay = await startHop("./tcp-relay.ts", simulatorPort);
  hops.push(relay.process);
  const proxy = await startHop("./http-proxy.ts", simulatorPort);
  hops.push(proxy.process);
  const gateway = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${gateway}/readyz`);
  const pid = service.pid as number;
  const idleRss = rssOf(pid);
  const transfers: Record<Route, Transfers> = {
    direct: simulatorTransfers(platform.fileInfo.url),
    service: serviceTransfers(gateway, await platform.authHeader("alice")),
    relay: simulatorTransfers(`http://127.0.0.1:${relay.port}`),
    proxy: simulatorTransfers(`http://127.0.0.1:${proxy.port}`),
  };

  for (const route of ROUTES) {
    await transfers[route].upload(`warm-up-${route}.bin`, WARM_UP_SIZE);
    await transfers[route].download(`warm-up-${route}.bin`, WARM_UP_SIZE);
    await removeForGood(platform.fileInfo.url, `warm-up-${route}.bin`);
  }
  const runs: Record<Direction, Record<Route, Measured[]>> = {
    upload: { direct: [], service: [], relay: [], proxy: [] },
    download: { direct: [], service: [], relay: [], proxy: [] },
  };
  for (let round = 0; round < ROUNDS; round++) {
    const first = round % ROUTES.length;
    for (const route of [...ROUTES.slice(first), ...ROUTES.slice(0, first)]) {
      const name = `${route}-${round}.bin`;
      for (const direction of DIRECTIONS) {
        runs[direction][route].push(await measured(pid, idleRss, () => transfers[route][direction](name, SIZE)));
      }
      await removeForGood(platform.fileInfo.url, name);
    }
  }

  for (const direction of DIRECTIONS) {
    const rate = (route: Route) => (SIZE / MIB / median(runs[direction][route].map((run) => run.seconds))).toFixed(0);
    const ratiosOf = (route: Route) =>
      runs[direction].direct.map((run, index) => run.seconds / (runs[direction][route][index] as Measured).seconds);
    const ratios = ratiosOf("service");
    const toRelay = runs[direction].relay.map(
      (run, index) => run.seconds / (runs[direction].service[index] as Measured).seconds,
    );
    const ratio = median(toRelay);
    const growthMiB = Math.max(...runs[direction].service.map((run) => run.growthMiB));
    const met = ratio >= TARGET_RATIO && growthMiB < TARGET_RSS_MIB;
    failed ||= !met;
    process.stdout.write(
      `figure 5 streaming ${direction} 1 GiB: ${ratio.toFixed(2)} x the bare TCP relay's throughput, median of ${ROUNDS} ` +
        `rounds (${toRelay.map((value) => value.toFixed(2)).join(", ")}); of direct: through data ${median(ratios).toFixed(2)} x, ` +
        `the relay ${median(ratiosOf("relay")).toFixed(2)} x, a bare HTTP proxy ${median(ratiosOf("proxy")).toFixed(2)} x ` +
        `(direct ${rate("direct")} MiB/s, through data ${rate("service")} MiB/s); ` +
        `service RSS growth ${growthMiB.toFixed(1)} MiB at most; ` +
        `target >= ${TARGET_RATIO} x the relay and < ${TARGET_RSS_MIB} MiB: ${met ? "met" : "MISSED"}\n`,
    );
  }
} finally {
  for (const hop of hops) hop.kill();
  const exited = new Promise((resolve) => service.once("exit", resolve));
  service.kill("SIGTERM");
  await exited;
  await platform.stop();
}
process.exitCode = failed ? 1 : 0;
