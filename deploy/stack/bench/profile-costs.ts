/**
 * Where a compiled service's CPU goes per request, by guarantee: the table of docs/performance.md ("What each guarantee
 * costs"). A V8 CPU profile of the service under load is read sample by sample; each sample goes to the innermost
 * frame of its stack that comes from a source of the project or of a dependency (found through the program's source
 * maps), and that source's guarantee (`GUARANTEES` below) takes it. Builtins and Node's modules other than HTTP's count
 * for the source that called them (JSON.stringify for the log line); Node's HTTP and socket code, and the socket
 * system calls, are rows of their own whoever called them. Samples with no such frame (the collector, the event loop)
 * are given by what they are. Samples before the first request (start-up) are left out, and so are those the main
 * thread spent waiting on an asynchronous file write (`POOLED_FILE_WRITES`).
 *
 *   profile-costs.ts <profile.cpuprofile>:<requests answered while profiled>[:<µs of CPU per request>:<kernel µs>] ...
 *
 * One column per profile (a service's and its floor's, side by side). The profiler slows the process it watches and
 * its clock is the wall's: with the CPU per request the same program spends unprofiled, and the kernel's part of it
 * (from `compare-builds.ts`), the rows are scaled to those (`costsPerRequest`); otherwise they are µs of the profiled
 * process. `DETAIL=<regex>` splits the rows it matches by the function each sample was in.
 */
import { readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { fileURLToPath } from "node:url";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

export interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export const LOG_LINE = "log line";
/** The guarantee (or the framework's or runtime's share) a source belongs to, first match by its path. */
const GUARANTEES: [RegExp, string][] = [
  [
    /service-kit\/src\/(request-log|request-logger|log-destination|log-redaction)\.ts|\/(pino|sonic-boom|pino-std-serializers)\//,
    LOG_LINE,
  ],
  [/service-kit\/src\/(metrics|series-histogram)\.ts|\/prom-client\//, "metrics"],
  [/packages\/auth\/src\/|\/jose\/|\/lru-cache\//, "token check"],
  [/backend-clients\/src\/(identity|apps-system|de-jwt-signer)\.ts/, "identity (the user's name to the backend)"],
  [/service-kit\/src\/(trace-context|random-ids|request-id)\.ts/, "request and trace ids"],
  [/service-kit\/src\/tracing\/|backend-clients\/src\/backend-span\.ts|\/@opentelemetry\//, "tracing"],
  [
    /service-kit\/src\/(connection-limits|array-bounds|json-bodies|unread-bodies|hop-by-hop)\.ts/,
    "limits and header whitelist",
  ],
  [/backend-clients\/src\/|services\/[^/]+\/src\//, "the route's own work (its handler, backend-clients)"],
  [/\/find-my-way\//, "routing (find-my-way)"],
  [
    /\/fastify\/lib\/(validation|schemas)\.js|\/ajv|\/typebox\/|service-kit\/src\/validation\.ts|\/fast-uri\//,
    "validation",
  ],
  [/\/fastify\/lib\/content-type-parser\.js|\/secure-json-parse\//, "the body read and parsed (Fastify's parser)"],
  [/\/fastify\/lib\/hooks\.js/, "hooks (Fastify's runner)"],
  [/\/fast-json-stringify\/|\/fastify\/lib\/(reply|error-serializer)\.js/, "the answer (Fastify's reply)"],
  [/\/fastify\/|\/avvio\/|\/light-my-request\/|\/@fastify\//, "framework (Fastify's request handling)"],
  [/\/undici\//, "backend call (undici)"],
  [/service-kit\/src\//, "service-kit, other"],
];

/**
 * Node's native stream writes and reads: the system call, whose kernel work on loopback includes delivering the bytes
 * to the process at the other end. Counted apart, whoever called them.
 */
const SOCKET_CALLS = new Set([
  "writev",
  "writeBuffer",
  "writeLatin1String",
  "writeUtf8String",
  "writeAsciiString",
  "onStreamRead",
]);
export const SOCKET_WORK = "socket writes and reads (the kernel, loopback delivery included)";

/**
 * Node's native calls under an asynchronous file write (`fs.write`: the log's batches, to standard output), which hand
 * the write to libuv's thread pool: the main thread only copies the text and wakes a pool thread. On one core the
 * woken thread takes the core, and the samples the main thread then waits through land here (10 µs per request for
 * apps-proxy's batched line, whose write costs under one: docs/performance.md). Left out as waits; the write's system
 * call is in the measured kernel time. A synchronous write (`fs.writeSync`) is the main thread's own work and counts.
 */
const POOLED_FILE_WRITES = new Set(["writeString", "writeBuffer"]);

export const NODE_WORK = "HTTP in and out (Node's http, net, streams)";
/** Node's HTTP and socket code; its other modules (buffers, events, timers) count for their caller, as builtins do. */
const NODE_HTTP = /^node:(_http_|net$|stream$|internal\/streams\/|internal\/stream_base_commons|internal\/http)/;

/** Where a sample with no source frame went: by the leaf's name, else Node's or the engine's own work. */
function unsourced(leaf: CallFrame, inNode: boolean): string {
  if (leaf.functionName === "(garbage collector)") return "garbage collection (main thread)";
  if (leaf.functionName === "(program)") return "the engine and the event loop (program)";
  return inNode ? NODE_WORK : "Node's own (events, timers, buffers), called by nothing above";
}

function sourceOf(maps: Map<string, SourceMap | undefined>, frame: CallFrame): string | undefined {
  if (!frame.url.startsWith("file://")) return undefined;
  const program = fileURLToPath(frame.url);
  if (!maps.has(program)) {
    try {
      maps.set(program, new SourceMap(JSON.parse(readFileSync(`${program}.map`, "utf8"))));
    } catch {
      maps.set(program, undefined);
    }
  }
  const entry = maps.get(program)?.findEntry(frame.lineNumber, frame.columnNumber);
  return entry && "originalSource" in entry ? entry.originalSource : program;
}

/** Splits the rows whose name this matches (`DETAIL`) by the function the samples were in. */
const detail = process.env.DETAIL ? new RegExp(process.env.DETAIL) : undefined;

export function costsByGuarantee(profile: Profile): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const maps = new Map<string, SourceMap | undefined>();
  const whereOfNode = new Map<number, string | undefined>();
  /** A frame's row by its source; Node's own code is NODE_WORK; a builtin or native function has none. */
  const whereOf = (id: number): string | undefined => {
    if (whereOfNode.has(id)) return whereOfNode.get(id);
    const frame = (byId.get(id) as ProfileNode).callFrame;
    const source = sourceOf(maps, frame);
    const where = NODE_HTTP.test(frame.url)
      ? NODE_WORK
      : source === undefined
        ? undefined
        : (GUARANTEES.find(([pattern]) => pattern.test(source))?.[1] ??
          `other: ${source.replace(/.*node_modules\//, "")}`);
    whereOfNode.set(id, where);
    return where;
  };

  /**
   * The row of a sample: the innermost frame with a source decides, through any builtins it called (JSON.stringify
   * for the log line) and Node's modules other than HTTP's. Node's HTTP and socket code is its own row whoever called
   * it (writing an answer is the same work under Fastify as under the raw floor), except under the log line.
   */
  const guaranteeOf = (id: number): string => {
    const leaf = byId.get(id) as ProfileNode;
    if (SOCKET_CALLS.has(leaf.callFrame.functionName) && leaf.callFrame.url === "") return SOCKET_WORK;
    let inNode = false;
    for (let current: number | undefined = id; current !== undefined; current = parentOf.get(current)) {
      const where = whereOf(current);
      if (where === NODE_WORK) inNode = true;
      else if (where !== undefined) return inNode && where !== LOG_LINE ? NODE_WORK : where;
    }
    return unsourced(leaf.callFrame, inNode);
  };

  const servesRequest = (id: number) => {
    for (let current: number | undefined = id; current !== undefined; current = parentOf.get(current)) {
      const frame = (byId.get(current) as ProfileNode).callFrame;
      if (frame.functionName === "parserOnHeadersComplete" && frame.url === "node:_http_common") return true;
    }
    return false;
  };
  const waitsOnPooledWrite = (id: number, leaf: CallFrame) => {
    const caller = parentOf.get(id);
    if (!POOLED_FILE_WRITES.has(leaf.functionName) || leaf.url !== "" || caller === undefined) return false;
    const { functionName, url } = (byId.get(caller) as ProfileNode).callFrame;
    return url === "node:fs" && functionName === "write";
  };
  // Start-up (loading, compiling the routes' schemas) is not a request's cost: samples count from the first request.
  const firstRequest = profile.samples.findIndex(servesRequest);
  const costs = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const leaf = (byId.get(id) as ProfileNode).callFrame;
    if (index < firstRequest || leaf.functionName === "(idle)" || waitsOnPooledWrite(id, leaf)) return;
    const guarantee = guaranteeOf(id);
    const where = detail?.test(guarantee)
      ? `${guarantee}: ${leaf.functionName || "(anonymous)"} ${(sourceOf(maps, leaf) ?? leaf.url).replace(/.*node_modules\//, "")}`
      : guarantee;
    costs.set(where, (costs.get(where) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  return costs;
}

/** CPU per request measured without the profiler: all of it, and the kernel's part. */
export interface Measured {
  cpu: number;
  kernel: number;
}

/**
 * A profile's costs per request. The profile's clock is the wall's: a sample taken after the process waited for a core
 * is charged to where it stood, and that is most often a socket write (which wakes the process at the other end, and
 * on two cores gives it this one). So given the CPU measured unprofiled (`compare-builds.ts`), the socket row is the
 * kernel's measured time and the other rows share the rest, user time, in the proportions the profile gives them.
 */
export function costsPerRequest(profile: Profile, requests: number, measured?: Measured) {
  const perRequest = new Map([...costsByGuarantee(profile)].map(([where, micros]) => [where, micros / requests]));
  const profiled = [...perRequest.values()].reduce((sum, value) => sum + value, 0);
  if (!measured) return { perRequest, total: profiled, profiled };
  const scale = (measured.cpu - measured.kernel) / (profiled - (perRequest.get(SOCKET_WORK) ?? 0));
  for (const [where, micros] of perRequest) perRequest.set(where, micros * scale);
  perRequest.set(SOCKET_WORK, measured.kernel);
  return { perRequest, total: measured.cpu, profiled };
}

/** `<file>:<requests answered while profiled>[:<µs of CPU per request>:<µs of it in the kernel>]`. */
function readColumn(argument: string) {
  const [file = "", requests = "", cpu, kernel] = argument.split(":");
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const measured = cpu === undefined || kernel === undefined ? undefined : { cpu: Number(cpu), kernel: Number(kernel) };
  return costsPerRequest(profile, Number(requests), measured);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const columns = process.argv.slice(2).map(readColumn);
  const first = columns[0];
  if (!first) throw new Error("usage: profile-costs.ts <profile>:<requests>[:<µs per request>:<kernel µs>] ...");
  const rows = [...first.perRequest.keys()].filter((where) =>
    columns.some(({ perRequest, total }) => (perRequest.get(where) ?? 0) / total >= 0.003),
  );
  const cell = (value: number | undefined) => (value === undefined ? "–" : value.toFixed(1));
  console.log(`| where | ${columns.map((_, index) => `µs per request (${index + 1})`).join(" | ")} |`);
  console.log(`| --- |${" ---: |".repeat(columns.length)}`);
  for (const where of rows.sort((a, b) => (first.perRequest.get(b) ?? 0) - (first.perRequest.get(a) ?? 0))) {
    console.log(`| ${where} | ${columns.map(({ perRequest }) => cell(perRequest.get(where))).join(" | ")} |`);
  }
  const extra = columns
    .flatMap(({ perRequest }) => [...perRequest.keys()])
    .filter((where) => !first.perRequest.has(where));
  for (const where of new Set(extra)) {
    console.log(`| ${where} | ${columns.map(({ perRequest }) => cell(perRequest.get(where))).join(" | ")} |`);
  }
  console.log(
    `| all (profiled: ${columns.map(({ profiled }) => profiled.toFixed(0)).join(", ")} µs) | ${columns.map(({ total }) => cell(total)).join(" | ")} |`,
  );
}
