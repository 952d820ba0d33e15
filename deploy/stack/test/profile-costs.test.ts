import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  costsPerRequest,
  LOG_LINE,
  NODE_WORK,
  type Profile,
  type ProfileNode,
  SOCKET_WORK,
} from "../bench/profile-costs.js";

/** A profile node: `url` empty for a builtin or native function, `node:…` for Node's own code, `file://…` a source. */
const frame = (id: number, functionName: string, url: string, children: number[] = [], line = 0): ProfileNode => ({
  id,
  callFrame: { functionName, url, lineNumber: line, columnNumber: 0 },
  children,
});

describe("profile-costs: a service's CPU per request, by guarantee", () => {
  let root: string;
  let compiled: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "profile-costs-"));
    // A compiled program whose first position maps back to service-kit's metrics source, as the stack's chunks do.
    compiled = join(root, "chunk.mjs");
    await writeFile(compiled, "export const observe = () => {};\n");
    await writeFile(
      `${compiled}.map`,
      JSON.stringify({ version: 3, sources: ["../packages/service-kit/src/metrics.ts"], names: [], mappings: "AAAA" }),
    );
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  /**
   * Start-up (a schema compiled before the first request), then one request's samples: the log line's JSON and its
   * write, the answer's socket write and Node's HTTP code under Fastify's reply, a buffer call of the reply's, the
   * collector, idle time, a metrics observation in a compiled chunk, and a compile after the first request.
   */
  const profile = (): Profile => ({
    nodes: [
      frame(1, "(root)", "", [2, 3, 12, 13, 14]),
      frame(2, "compileSchema", "file:///x/node_modules/ajv/lib/compile/index.js"),
      frame(3, "parserOnHeadersComplete", "node:_http_common", [4, 8]),
      frame(4, "completedLine", "file:///x/packages/service-kit/src/request-log.ts", [5, 6]),
      frame(5, "stringify", ""),
      frame(6, "writeSync", "node:fs", [7]),
      frame(7, "writeString", ""),
      frame(8, "Reply.send", "file:///x/node_modules/fastify/lib/reply.js", [9, 11]),
      frame(9, "end", "node:_http_outgoing", [10]),
      frame(10, "writev", ""),
      frame(11, "toString", "node:buffer"),
      frame(12, "(garbage collector)", ""),
      frame(13, "(idle)", ""),
      frame(14, "observe", pathToFileURL(compiled).href),
    ],
    samples: [2, 5, 7, 10, 9, 11, 12, 13, 14, 2],
    timeDeltas: [1000, 10, 20, 40, 8, 6, 4, 500, 3, 2],
  });

  it("charges each sample to the innermost source above it, Node's HTTP code to its own row, start-up to none", () => {
    const { perRequest, total } = costsPerRequest(profile(), 2);
    expect(Object.fromEntries(perRequest)).toEqual({
      [LOG_LINE]: 15, // JSON.stringify and the write through node:fs count for the line that called them
      [SOCKET_WORK]: 20, // the answer's writev, whoever called it
      [NODE_WORK]: 4, // node:_http_outgoing under Fastify's reply
      "the answer (Fastify's reply)": 3, // node:buffer is not HTTP: its caller's
      "garbage collection (main thread)": 2,
      metrics: 1.5, // found through the chunk's source map
      validation: 1, // the compile before the first request is start-up; the one after is not
    });
    expect(total).toBe(46.5);
  });

  it("leaves out an asynchronous file write's native call, the wait for a pool thread; a synchronous one is work", () => {
    const withPooledWrite = profile();
    // The line's batch written with fs.write (sonic-boom's asynchronous write) in place of writeSync.
    withPooledWrite.nodes[5] = frame(6, "write", "node:fs", [7]);
    const pooled = costsPerRequest(withPooledWrite, 2).perRequest;
    expect(pooled.get(LOG_LINE)).toBe(5); // JSON.stringify alone: the write's 20 µs are not the line's work
    expect([...pooled.values()].reduce((sum, value) => sum + value, 0)).toBe(36.5);
    expect(costsPerRequest(profile(), 2).perRequest.get(LOG_LINE)).toBe(15);
  });

  it("with the CPU measured unprofiled, the socket row is the kernel's time and the rest share user time", () => {
    const { perRequest, total, profiled } = costsPerRequest(profile(), 2, { cpu: 60, kernel: 25 });
    expect(profiled).toBe(46.5);
    expect(total).toBe(60);
    expect(perRequest.get(SOCKET_WORK)).toBe(25);
    // 26.5 µs of user time in the profile become the 35 measured.
    expect(perRequest.get(LOG_LINE)).toBeCloseTo((15 * 35) / 26.5, 6);
    expect([...perRequest.values()].reduce((sum, value) => sum + value, 0)).toBeCloseTo(60, 6);
  });
});
