/**
 * 1 GiB through the data service, both ways, against the same transfer made directly with the file-info
 * simulator: prints throughput as a ratio to direct (target >= 0.8) and the service's peak RSS growth during
 * each transfer (target < 64 MiB), one `figure 5 …` line each (docs/performance.md), exit code 1 on a miss.
 *
 * The simulators and the load run in this process; the service runs as a process of its own (as in
 * `pnpm start`), so that its memory is measured alone, from /proc/<pid>/status while the transfer runs.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { SimulatedPlatform } from "@de-gateway/backend-simulators";
import { request } from "undici";

const SIZE = 1024 ** 3;
const CHUNK = Buffer.alloc(1024 * 1024, 0x5a);
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

/** A 1 GiB multipart upload of one file part, produced as it is sent. */
function multipartUpload(name: string): { body: Readable; contentType: string } {
  const boundary = `----bench-${randomUUID()}`;
  async function* parts() {
    yield Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
    );
    for (let sent = 0; sent < SIZE; sent += CHUNK.length) yield CHUNK;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return { body: Readable.from(parts()), contentType: `multipart/form-data; boundary=${boundary}` };
}

const rssOf = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match?.[1] ?? 0) * 1024;
};

/** Runs a transfer while sampling the service's RSS; returns its duration and the RSS growth it caused. */
async function measured(pid: number, transfer: () => Promise<void>) {
  const baseline = rssOf(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 25);
  const start = performance.now();
  try {
    await transfer();
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssOf(pid));
  return { seconds: (performance.now() - start) / 1000, growthMiB: (peak - baseline) / MIB };
}

async function upload(url: string, headers: Record<string, string>, name: string) {
  const form = multipartUpload(name);
  const answer = await request(url, {
    method: "POST",
    headers: { ...headers, "content-type": form.contentType },
    body: form.body,
  });
  const text = await answer.body.text();
  if (answer.statusCode !== 200) throw new Error(`upload to ${url} answered ${answer.statusCode}: ${text}`);
}

async function download(url: string, headers: Record<string, string>) {
  const answer = await request(url, { headers });
  let received = 0;
  for await (const chunk of answer.body) received += (chunk as Buffer).length;
  if (answer.statusCode !== 200 || received !== SIZE)
    throw new Error(`download ${url}: ${answer.statusCode}, ${received} bytes`);
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

  // Warm both paths up with a small transfer so that start-up costs are not measured.
  await download(direct(`/data/path/iplant/home/alice/notes.txt`), {}).catch(() => {});

  const directUp = await measured(pid, () =>
    upload(direct(`/data?dest=${encodeURIComponent(HOME)}`), {}, "direct.bin"),
  );
  const serviceUp = await measured(pid, () =>
    upload(`${gateway}/secured/fileio/upload?dest=${encodeURIComponent(HOME)}`, auth, "through-data.bin"),
  );
  report("upload", directUp, serviceUp);

  const directDown = await measured(pid, () => download(direct("/data/path/iplant/home/alice/direct.bin"), {}));
  const serviceDown = await measured(pid, () =>
    download(`${gateway}/secured/fileio/download?path=${encodeURIComponent(`${HOME}/through-data.bin`)}`, auth),
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
