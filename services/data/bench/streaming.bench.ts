/**
 * 1 GiB through the data service, both ways, against the same transfer made directly with the file-info
 * simulator: prints throughput as a ratio to direct (target >= 0.8) and the service's peak RSS growth during
 * each transfer (target < 64 MiB), one `figure 5 …` line each (docs/performance.md), exit code 1 on a miss.
 *
 * The simulators run in this process, the service as a process of its own (as in `pnpm start`, so that its memory
 * is measured alone, from /proc/<pid>/status while the transfer runs), and each transfer's client in a process of
 * its own (transfer-client.ts), as real clients are, for the direct transfer and the one through the service alike.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { SimulatedPlatform } from "@de-gateway/backend-simulators";
import { SIZE } from "./transfer-size.js";

const MIB = 1024 * 1024;
const TARGET_RATIO = 0.8;
const TARGET_RSS_MIB = 64;
const HOME = "/iplant/home/alice";

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const rssOf = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match?.[1] ?? 0) * 1024;
};

const client = fileURLToPath(new URL("./transfer-client.ts", import.meta.url));

/** Runs one transfer in a client process of its own; resolves with the duration the client measured. */
function transfer(
  mode: "upload" | "download",
  url: string,
  headers: Record<string, string>,
  name = "",
): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", client, mode, url, JSON.stringify(headers), name], {
      stdio: ["ignore", "pipe", "inherit"],
    });
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

/** Runs a transfer while sampling the service's RSS; returns its duration and the RSS growth it caused. */
async function measured(pid: number, run: () => Promise<number>) {
  const baseline = rssOf(pid);
  let peak = baseline;
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

async function waitUntilUp(url: string) {
  for (let tries = 0; tries < 200; tries++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

const platform = await SimulatedPlatform.start();
const port = await freePort();
// e.g. BENCH_SERVICE_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the service under this load.
const extraNodeArgs = (process.env.BENCH_SERVICE_NODE_ARGS ?? "").split(" ").filter(Boolean);
const service = spawn(process.execPath, [...extraNodeArgs, "--conditions=source", "--import", "tsx", "src/server.ts"], {
  cwd: fileURLToPath(new URL("..", import.meta.url)),
  env: { ...process.env, ...(await platform.env()), PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
  stdio: ["ignore", "inherit", "inherit"],
});
let failed = false;
try {
  const gateway = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${gateway}/readyz`);
  const auth = await platform.authHeader("alice");
  const pid = service.pid as number;
  const direct = (path: string) => `${platform.fileInfo.url}${path}${path.includes("?") ? "&" : "?"}user=alice`;
  const lines: string[] = [];
  const report = (what: string, directRun: { seconds: number }, viaService: { seconds: number; growthMiB: number }) => {
    const ratio = directRun.seconds / viaService.seconds;
    const rate = (run: { seconds: number }) => (SIZE / MIB / run.seconds).toFixed(0);
    const met = ratio >= TARGET_RATIO && viaService.growthMiB < TARGET_RSS_MIB;
    failed ||= !met;
    lines.push(
      `figure 5 streaming ${what} 1 GiB: ${ratio.toFixed(2)} x (direct ${rate(directRun)} MiB/s, through data ${rate(viaService)} MiB/s), ` +
        `service RSS growth ${viaService.growthMiB.toFixed(1)} MiB; target >= ${TARGET_RATIO} x and < ${TARGET_RSS_MIB} MiB: ${met ? "met" : "MISSED"}`,
    );
  };

  const directUp = await measured(pid, () =>
    transfer("upload", direct(`/data?dest=${encodeURIComponent(HOME)}`), {}, "direct.bin"),
  );
  const serviceUp = await measured(pid, () =>
    transfer("upload", `${gateway}/secured/fileio/upload?dest=${encodeURIComponent(HOME)}`, auth, "through-data.bin"),
  );
  report("upload", directUp, serviceUp);

  const directDown = await measured(pid, () =>
    transfer("download", direct("/data/path/iplant/home/alice/direct.bin"), {}),
  );
  const serviceDown = await measured(pid, () =>
    transfer(
      "download",
      `${gateway}/secured/fileio/download?path=${encodeURIComponent(`${HOME}/through-data.bin`)}`,
      auth,
    ),
  );
  report("download", directDown, serviceDown);
  for (const line of lines) process.stdout.write(`${line}\n`);
} finally {
  const exited = new Promise((resolve) => service.once("exit", resolve));
  service.kill("SIGTERM");
  await exited;
  await platform.stop();
}
process.exitCode = failed ? 1 : 0;
