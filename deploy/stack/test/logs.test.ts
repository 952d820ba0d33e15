import { describe, expect, it } from "vitest";
import { prettyLines } from "../src/logs.js";

function capture() {
  const written: string[] = [];
  const out = { isTTY: false, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
  return { written, sink: prettyLines(out) };
}

describe("development log lines", () => {
  it("turns a JSON log line into one readable line named by its process", () => {
    const { written, sink } = capture();
    const entry = {
      level: 30,
      time: Date.UTC(2026, 0, 2, 3, 4, 5, 6),
      pid: 1,
      hostname: "h",
      name: "groups",
      reqId: "r-1",
      req: { method: "GET", url: "/secured/sessions", host: "localhost:8080", remotePort: 51234 },
      res: { statusCode: 200 },
      responseTime: 3.4567,
      msg: "request completed",
    };
    sink("groups", JSON.stringify(entry));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(
      /^\[groups\] \[\d\d:\d\d:\d\d\.\d{3}\] INFO: request completed: GET \/secured\/sessions 200 in 3\.5 ms \{"reqId":"r-1"\}\n$/,
    );
    expect(written[0]).not.toContain('"pid"');
    expect(written[0]).not.toContain('"hostname"');
  });

  it("keeps a line that names no request as it is, its details beside it", () => {
    const { written, sink } = capture();
    sink(
      "data",
      JSON.stringify({ level: 40, time: 0, reqId: "r-2", backend: "file-info", msg: "backend call failed" }),
    );
    expect(written[0]).toMatch(/ WARN: backend call failed \{"reqId":"r-2","backend":"file-info"\}\n$/);
    // A line about a request not yet answered names it without a status or time.
    sink("data", JSON.stringify({ level: 30, time: 0, req: { method: "PUT", url: "/x" }, msg: "client went away" }));
    expect(written[1]).toMatch(/ INFO: client went away: PUT \/x\n$/);
  });

  it("passes other lines through unchanged", () => {
    const { written, sink } = capture();
    sink("simulators", "simulators ready: apps http://127.0.0.1:4001");
    sink("simulators", "{not json");
    expect(written).toEqual([
      "[simulators] simulators ready: apps http://127.0.0.1:4001\n",
      "[simulators] {not json\n",
    ]);
  });
});
