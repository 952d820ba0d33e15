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
      res: { statusCode: 200 },
      msg: "request completed",
    };
    sink("groups", JSON.stringify(entry));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(
      /^\[groups\] \[\d\d:\d\d:\d\d\.\d{3}\] INFO: request completed \{.*"reqId":"r-1".*\}\n$/,
    );
    expect(written[0]).not.toContain('"pid"');
    expect(written[0]).not.toContain('"hostname"');
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
