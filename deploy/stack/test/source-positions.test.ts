import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PositionMapper, sourcePositions } from "../src/source-positions.js";

const run = promisify(execFile);

/** A program compiled as bundle.ts compiles the stack's (a linked map without sources), then crashed without source maps. */
describe("positions in the stack's output, mapped to the sources", () => {
  let root: string;
  let bundleDir: string;
  let positions: PositionMapper;
  let crash: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "source-positions-"));
    bundleDir = join(root, "cache", "bundle");
    await mkdir(join(root, "src"));
    await writeFile(
      join(root, "src", "fixture.ts"),
      [
        "const reason: string = 'planted';",
        "export function fail(): never {",
        "  throw new Error(reason);",
        "}",
        "fail();",
        "",
      ].join("\n"),
    );
    await build({
      absWorkingDir: root,
      entryPoints: { fixture: "src/fixture.ts" },
      outdir: bundleDir,
      outExtension: { ".js": ".mjs" },
      bundle: true,
      format: "esm",
      platform: "node",
      sourcemap: "linked",
      sourcesContent: false,
      logLevel: "silent",
    });
    crash = await run(process.execPath, [join(bundleDir, "fixture.mjs")]).then(
      () => "",
      (error: { stderr: string }) => error.stderr,
    );
    positions = sourcePositions(bundleDir, root);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("names the source file, line and column where the compiled program's stack names its own", () => {
    const frame = crash.split("\n").find((line) => line.includes("at fail"));
    expect(frame).toContain(`${bundleDir}/fixture.mjs:`);
    expect(positions(frame as string)).toMatch(/at fail \(src\/fixture\.ts:3:\d+\)$/);
  });

  it("maps a stack inside a JSON log line and keeps the line JSON", () => {
    const frame = (crash.split("\n").find((line) => line.includes("at fail")) as string).trim();
    const line = JSON.stringify({ level: 50, msg: "failed", err: { stack: `Error: planted\n    ${frame}` } });
    const mapped = JSON.parse(positions(line)) as { err: { stack: string } };
    expect(mapped.err.stack).toMatch(/at fail \(src\/fixture\.ts:3:\d+\)$/);
  });

  it("leaves lines that name no compiled program, or one without a map, as they are", () => {
    expect(positions("    at run (file:///elsewhere/app.mjs:3:9)")).toBe("    at run (file:///elsewhere/app.mjs:3:9)");
    const unmapped = `    at run (file://${bundleDir}/gone.mjs:3:9)`;
    expect(positions(unmapped)).toBe(unmapped);
  });
});
