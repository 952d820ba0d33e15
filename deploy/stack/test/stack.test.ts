import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import {
  COMPLETED_ANALYSIS,
  DEFAULT_PORTS,
  type RecordedRequest,
  RUNNING_VICE_ANALYSIS,
} from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundlePath } from "../src/bundle-paths.js";
import { COMPILE_CACHE_DIR } from "../src/compile-cache.js";
import { REPO_ROOT, requiredPorts, serviceComponents } from "../src/components.js";
import { terminalEnvironment } from "../src/environment.js";
import { busyPorts } from "../src/ports.js";

/**
 * The whole local stack as `pnpm start` runs it: simulators, the six services as processes and the
 * edge on 8080, exercised over real HTTP.
 */
const EDGE = "http://127.0.0.1:8080";
const portOf = (service: string) => serviceComponents().find(({ name }) => name === service)?.port;
const GROUPS_PORT = portOf("groups");
const IDENTITY_PORT = portOf("identity-session");
const GROUPS_SIMULATOR = `http://127.0.0.1:${DEFAULT_PORTS.groups}`;
const STARTUP_MS = 120_000;
let stack: ChildProcess;
let output = "";
let token = "";

async function waitForBanner(): Promise<void> {
  const deadline = Date.now() + STARTUP_MS;
  while (!output.includes("The gateway is up")) {
    if (stack.exitCode !== null) throw new Error(`the stack exited while starting:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the stack did not start in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  const busy = await busyPorts(requiredPorts(8080));
  if (busy.length > 0) {
    throw new Error(`stop the local stack first: ports ${busy.map(({ port }) => port).join(", ")} are in use`);
  }
  stack = spawn(process.execPath, ["--conditions=source", "--import", "tsx", "src/start.ts"], {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
    env: terminalEnvironment(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  stack.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  stack.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  await waitForBanner();
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--conditions=source", "--import", "tsx", "src/token-cli.ts", "alice"],
    { cwd: join(REPO_ROOT, "packages", "backend-simulators") },
  );
  token = stdout.trim();
}, STARTUP_MS + 30_000);

// Normally the last test has stopped it. When it has not (a run of some tests only), Ctrl-C lets the launcher stop
// its processes too; SIGKILL alone would leave them holding the ports.
afterAll(async () => {
  if (!stack || stack.exitCode !== null) return;
  const exited = new Promise((resolve) => stack.once("exit", resolve));
  stack.kill("SIGINT");
  const timer = setTimeout(() => stack.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}, 20_000);

const call = (path: string, init: RequestInit = {}) => fetch(`${EDGE}${path}`, init);
const withToken = (init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
});
const json = { "content-type": "application/json" };
/** The value of one sample of a Prometheus exposition, 0 when absent. */
const sample = (text: string, series: string) =>
  Number(
    text
      .split("\n")
      .find((line) => line.startsWith(`${series} `))
      ?.split(" ")[1] ?? 0,
  );

describe("pnpm start", () => {
  it("serves the welcome text and UUIDs through the edge", async () => {
    const welcome = await call("/");
    expect(welcome.status).toBe(200);
    expect(welcome.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await (await call("/uuid")).text()).toMatch(/^[0-9a-f]{8}-[0-9a-f-]{27}$/);
  });

  /** Every process running now: its pid and command line. */
  const runningProcesses = () =>
    readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .flatMap((pid) => {
        try {
          return [{ pid, args: readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0") }];
        } catch {
          return []; // gone meanwhile
        }
      });
  const stackPrograms = () => [...serviceComponents().map(({ name }) => name), "simulators", "edge"].map(bundlePath);

  it("runs each service with the Node options its routes.yml declares", () => {
    const processes = runningProcesses();
    const argsOf = (name: string) => processes.find(({ args }) => args.includes(bundlePath(name)))?.args;
    const components = serviceComponents();
    const data = components.find(({ name }) => name === "data");
    expect(data?.nodeArgs).toContainEqual(expect.stringMatching(/^--initial-old-space-size=/));
    for (const { name, nodeArgs = [] } of components) {
      const args = argsOf(name) ?? [];
      const program = args.indexOf(bundlePath(name));
      expect(program, `${name} is running`).toBeGreaterThan(0);
      expect(args.slice(program - nodeArgs.length, program), name).toEqual(nodeArgs);
    }
  });

  it("has every process keep its compiled code in the stack's compile cache", () => {
    const processes = runningProcesses();
    for (const program of stackPrograms()) {
      const running = processes.find(({ args }) => args.includes(program));
      expect(running, `${program} is running`).toBeDefined();
      const environment = readFileSync(`/proc/${running?.pid}/environ`, "utf8").split("\0");
      expect(environment, program).toContain(`NODE_COMPILE_CACHE=${COMPILE_CACHE_DIR}`);
    }
  });

  it("prints the services' logs readably, one line per entry, named by process", async () => {
    await call("/uuid");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = output.split("\n");
    expect(lines.some((line) => /^\[identity-session\] \[[\d:.]+\] INFO: request completed/.test(line))).toBe(true);
    expect(lines.filter((line) => /^\[[\w-]+\] \{"level"/.test(line))).toEqual([]);
  });

  it("answers 401 JSON without a token and mints one with the token command", async () => {
    const response = await call("/secured/sessions");
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
    expect(token.split(".")).toHaveLength(3);
  });

  it("tells the services the keys it handed the simulators: the identity provider's X-Iplant-De-Jwt is accepted", async () => {
    const minted = await fetch(`http://127.0.0.1:${DEFAULT_PORTS.idp}/token/alice`);
    const { de_jwt } = (await minted.json()) as { de_jwt: string };
    const response = await call("/secured/sessions", { headers: { "x-iplant-de-jwt": de_jwt } });
    expect(response.status).toBe(200);
    const forged = `${de_jwt.slice(0, de_jwt.lastIndexOf(".") + 1)}${"A".repeat(342)}`;
    expect((await call("/secured/sessions", { headers: { "x-iplant-de-jwt": forged } })).status).toBe(401);
  });

  it("compiles the programs to take node:http without its ES module facade, which would load Node's own undici", () => {
    const chunks = join(bundlePath("apps-proxy"), "..", "chunks");
    const programs = [...readdirSync(chunks).map((file) => join(chunks, file)), bundlePath("apps-proxy")];
    const importsOfHttp = programs
      .filter((file) => file.endsWith(".mjs"))
      .filter((file) => /from "(node:)?http"/.test(readFileSync(file, "utf8")));
    expect(importsOfHttp).toEqual([]);
    expect(programs.some((file) => readFileSync(file, "utf8").includes('process.getBuiltinModule("node:http")'))).toBe(
      true,
    );
  });

  it("saves, returns and removes a session", async () => {
    const session = { windows: ["data", "apps"], at: 3 };
    const saved = await call(
      "/secured/sessions",
      withToken({ method: "POST", headers: json, body: JSON.stringify(session) }),
    );
    expect(saved.status).toBe(200);
    expect(await (await call("/secured/sessions", withToken())).json()).toEqual(session);
    expect((await call("/secured/sessions", withToken({ method: "DELETE" }))).status).toBe(200);
    const after = await call("/secured/sessions", withToken());
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual({});
  });

  it("shows the demo world's stored bytes in the dashboard's usage summary, counted as data-usage-api's batch does", async () => {
    const summary = await call("/resource-usage/summary", withToken());
    expect(summary.status).toBe(200);
    const body = (await summary.json()) as { data_usage: { total: number }; errors: unknown[] };
    expect(body.errors).toEqual([]);
    expect(body.data_usage.total).toBeGreaterThan(0);
  });

  it("lists the apps backend's status updates in the notifications: the demo world's analyses' and a new one's", async () => {
    const submission = {
      system_id: "de",
      app_id: RUNNING_VICE_ANALYSIS.appId,
      name: "stack-notebook",
      notify: false,
      output_dir: "/iplant/home/alice/analyses",
      config: {},
    };
    const submitted = await call(
      "/analyses",
      withToken({ method: "POST", headers: json, body: JSON.stringify(submission) }),
    );
    expect(submitted.status).toBe(200);
    const { id } = (await submitted.json()) as { id: string };
    const listing = await call("/secured/notifications/messages?filter=analysis", withToken());
    expect(listing.status).toBe(200);
    const { messages } = (await listing.json()) as {
      messages: { message: { text: string }; payload: { id: string } }[];
    };
    const texts = messages.filter((message) => message.payload.id === id).map((message) => message.message.text);
    expect(texts.sort()).toEqual(["stack-notebook running", "stack-notebook submitted"]);
    // The demo world's analyses ran before it started: their updates are there too.
    expect(messages.map((message) => message.message.text)).toContain(`${COMPLETED_ANALYSIS.name} completed`);
  });

  it("answers an unknown path 404, malformed JSON 400 and an oversized body 413, all JSON", async () => {
    const unknown = await call("/no/such/path", withToken());
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error_code: "ERR_NOT_FOUND" });
    const malformed = await call("/secured/sessions", withToken({ method: "POST", headers: json, body: "{oops" }));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    const big = JSON.stringify({ blob: "x".repeat(2_000_000) });
    const tooLarge = await call("/secured/sessions", withToken({ method: "POST", headers: json, body: big }));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ error_code: "ERR_REQUEST_TOO_LARGE" });
  });

  it("carries a team name's encoded colon through the edge to the groups service", async () => {
    const created = await call(
      "/teams",
      withToken({ method: "POST", headers: json, body: JSON.stringify({ name: "stack-team", description: "e2e" }) }),
    );
    expect(created.status).toBe(200);
    const team = await call("/teams/alice%3Astack-team", withToken());
    expect(team.status).toBe(200);
    expect(await team.json()).toMatchObject({ name: "alice:stack-team", description: "e2e" });
    expect((await call("/teams/alice%3Astack-team/members", withToken())).status).toBe(200);
  });

  it("serves the merged API document of every service, and Swagger UI from its own files, through the edge", async () => {
    const response = await call("/openapi.json");
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      "x-merge-problems"?: string[];
      paths: Record<string, Record<string, { tags: string[]; security: unknown[] }>>;
    };
    expect(document).toMatchObject({ openapi: "3.1.0", info: { title: "DE API gateway" } });
    expect(document["x-merge-problems"]).toBeUndefined();
    expect(document.paths["/teams"]?.get?.tags).toEqual(["groups"]);
    expect(document.paths["/secured/bootstrap"]?.get?.tags).toEqual(["identity-session"]);
    expect(document.paths["/uuid"]?.get?.security).toEqual([]);
    const page = await call("/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await page.text();
    for (const [, address] of html.matchAll(/\b(?:src|href)="([^"]+)"/g)) {
      expect(address).toMatch(/^\/docs\//);
      expect((await call(address as string)).status, address).toBe(200);
    }
  });

  it("moves the serving service's request counter and backend histogram; /metrics is not public", async () => {
    const groupsMetrics = async () => (await fetch(`http://127.0.0.1:${GROUPS_PORT}/metrics`)).text();
    const served = 'gateway_http_requests_total{method="GET",route="/teams",status="200"}';
    const backend = 'gateway_backend_request_duration_seconds_count{backend="groups",method="GET",status_class="2xx"}';
    const before = await groupsMetrics();
    expect((await call("/teams", withToken())).status).toBe(200);
    const after = await groupsMetrics();
    expect(sample(after, served) - sample(before, served)).toBe(1);
    expect(sample(after, backend) - sample(before, backend)).toBeGreaterThanOrEqual(1);
    expect(after).toContain("process_resident_memory_bytes");
    const identityMetrics = await (await fetch(`http://127.0.0.1:${IDENTITY_PORT}/metrics`)).text();
    expect(identityMetrics).not.toContain('route="/teams"');
    const publicMetrics = await call("/metrics");
    expect(publicMetrics.status).toBe(404);
    expect(await publicMetrics.json()).toMatchObject({ error_code: "ERR_NOT_FOUND" });
  });

  it("hands the caller's trace id to the backend, and writes it in the service's log", async () => {
    const traceId = randomBytes(16).toString("hex");
    await fetch(`${GROUPS_SIMULATOR}/__sim/requests`, { method: "DELETE" });
    const response = await call("/teams", withToken({ headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` } }));
    expect(response.status).toBe(200);
    const recorded = (await (await fetch(`${GROUPS_SIMULATOR}/__sim/requests`)).json()) as RecordedRequest[];
    expect(recorded.length).toBeGreaterThan(0);
    for (const request of recorded)
      expect(request.headers.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    // The service writes its log line once the answer is sent; it reaches the stack's output a little later.
    const logged = () =>
      output
        .split("\n")
        .some(
          (line) =>
            line.startsWith("[groups] ") &&
            line.includes(`"trace_id":"${traceId}"`) &&
            line.includes("request completed"),
        );
    await expect.poll(logged, { timeout: 5_000 }).toBe(true);
  });

  it("stops every process on Ctrl-C and frees every port", async () => {
    const exited = new Promise<number | null>((resolve) => stack.once("exit", (code) => resolve(code)));
    stack.kill("SIGINT");
    expect(await exited).toBe(0);
    expect(await busyPorts(requiredPorts(8080))).toEqual([]);
    // Node writes a process's entries as it exits: the next start reads them.
    const entries = readdirSync(COMPILE_CACHE_DIR, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    );
    expect(entries.length).toBeGreaterThanOrEqual(stackPrograms().length);
  }, 30_000);
});
