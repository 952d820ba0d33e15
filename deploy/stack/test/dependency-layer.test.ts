import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { type BuildOptions, build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUIRE_SHIM } from "../src/bundle.js";
import { collectImports, DependencyLayer, type ImportedNames } from "../src/dependency-layer.js";

const run = promisify(execFile);
const PACKAGE_DIR = fileURLToPath(new URL("..", import.meta.url));

describe("what compiled programs import from the layer", () => {
  const dir = "./dependencies";
  const imported = (code: string) => {
    const found = new Map<string, ImportedNames>();
    collectImports(code, dir, found);
    return Object.fromEntries([...found].map(([file, names]) => [file, names === "all" ? names : [...names].sort()]));
  };

  it("reads each form of import esbuild writes for an external module", () => {
    const code = [
      `import Fastify, {\n  LogController\n} from "${dir}/fastify.mjs";`,
      `import {\n  Agent,\n  errors as undiciErrors\n} from "${dir}/undici.mjs";`,
      `import { Type } from "${dir}/typebox.mjs";`,
      `import { Type as Type2, Kind } from "${dir}/typebox.mjs";`,
      `export { parse } from "${dir}/yaml.mjs";`,
      `import "${dir}/side-effect.mjs";`,
      `import { something } from "./chunk-ABC.mjs";`,
      `import { elsewhere } from "./dependencies/nested/file.mjs";`,
    ].join("\n");
    expect(imported(code)).toEqual({
      [`${dir}/fastify.mjs`]: ["LogController", "default"],
      [`${dir}/undici.mjs`]: ["Agent", "errors"],
      [`${dir}/typebox.mjs`]: ["Kind", "Type"],
      [`${dir}/yaml.mjs`]: ["parse"],
    });
  });

  it("takes every name for a namespace import, `export *` or import()", () => {
    const code = [
      `import * as api from "${dir}/api.mjs";`,
      `export * from "${dir}/conventions.mjs";`,
      `const later = await import("${dir}/lazy.mjs");`,
      `import { trace } from "${dir}/api.mjs";`,
    ].join("\n");
    expect(imported(code)).toEqual({
      [`${dir}/api.mjs`]: "all",
      [`${dir}/conventions.mjs`]: "all",
      [`${dir}/lazy.mjs`]: "all",
    });
  });
});

/**
 * A program importing from a CommonJS package (undici, fastify) and an ES one (yaml), compiled as bundle.ts compiles
 * the stack's, with its dependencies in a layer of their own: it runs, and the layer is compiled again only when what
 * the programs import changes.
 */
describe("a program compiled with its dependencies in a layer", () => {
  let root: string;
  let layerDir: string;
  const options: BuildOptions = {
    absWorkingDir: PACKAGE_DIR,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    logLevel: "silent",
    banner: { js: REQUIRE_SHIM },
  };

  async function compile(source: string): Promise<string> {
    await writeFile(join(root, "entry.ts"), source);
    const layer = new DependencyLayer(layerDir, join(root, "out"));
    const { metafile } = await build({
      ...options,
      entryPoints: { entry: join(root, "entry.ts") },
      outdir: join(root, "out"),
      plugins: [layer.plugin],
      metafile: true,
    });
    const programs = Object.keys(metafile.outputs).filter((file) => file.endsWith(".mjs"));
    await layer.compile(
      options,
      "settings",
      programs.map((file) => join(PACKAGE_DIR, file)),
    );
    return join(root, "out", "entry.mjs");
  }

  beforeAll(async () => {
    // Inside the package, so that its dependencies resolve as the workspace's do (.vitest is ignored by git).
    await mkdir(join(PACKAGE_DIR, ".vitest"), { recursive: true });
    root = await mkdtemp(join(PACKAGE_DIR, ".vitest", "layer-"));
    layerDir = join(root, "dependencies");
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const PROGRAM = [
    `import Fastify, { LogController } from "fastify";`,
    `import { Agent, errors } from "undici";`,
    `import { parse } from "yaml";`,
    `const agent = new Agent();`,
    `console.log(JSON.stringify([typeof Fastify, typeof LogController, agent instanceof Agent, typeof errors.UndiciError, parse("a: 1").a]));`,
    `await agent.close();`,
  ].join("\n");

  it("runs, its imports linked to the layer's files and nothing of the dependencies in its own", async () => {
    const program = await compile(PROGRAM);
    const { stdout } = await run(process.execPath, [program]);
    expect(JSON.parse(stdout)).toEqual(["function", "function", true, "function", 1]);
    const layerFiles = (await readdir(layerDir)).filter((file) => file.endsWith(".mjs"));
    expect(layerFiles.some((file) => file.startsWith("undici_"))).toBe(true);
    expect(layerFiles.some((file) => file.startsWith("yaml_"))).toBe(true);
    const { stdout: own } = await run("grep", ["-c", "node_modules/.pnpm", program]).catch(() => ({ stdout: "0" }));
    expect(Number(own)).toBe(0);
  }, 60_000);

  it("runs from a copy, the layer copied beside it (a build kept aside for compare-builds.ts)", async () => {
    const copy = join(root, "aside");
    await cp(join(root, "out"), join(copy, "out"), { recursive: true });
    await cp(layerDir, join(copy, "dependencies"), { recursive: true });
    await rm(layerDir, { recursive: true });
    try {
      const { stdout } = await run(process.execPath, [join(copy, "out", "entry.mjs")]);
      expect(JSON.parse(stdout)).toEqual(["function", "function", true, "function", 1]);
    } finally {
      await cp(join(copy, "dependencies"), layerDir, { recursive: true });
    }
  }, 60_000);

  it("is compiled again only when what the programs import changes", async () => {
    const stamp = join(layerDir, "inputs.json");
    const first = (await stat(stamp)).mtimeMs;
    await compile(`${PROGRAM}\n// a change to the program alone`);
    expect((await stat(stamp)).mtimeMs).toBe(first);
    const program = await compile(
      `${PROGRAM}\nimport { stringify } from "yaml";\nconsole.log(stringify({ b: 2 }).trim());`,
    );
    expect((await stat(stamp)).mtimeMs).toBeGreaterThan(first);
    const { stdout } = await run(process.execPath, [program]);
    expect(stdout.trim().split("\n").at(-1)).toBe("b: 2");
  }, 60_000);
});
