import { exec, execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { describe, it } from "vitest";
import { images } from "../src/images.js";
import { root, runtimeWorkspaceDependencies, workspacePackages } from "../src/workspace.js";
import { commandOf, readDockerfile } from "./dockerfile-model.js";

// Without a Docker engine, each image's build stage is replayed here: its COPY steps into a scratch folder
// (minus what .dockerignore drops), then its pnpm install and deploy steps, offline from this machine's pnpm
// store. The compile step is left out (each package's build and typecheck cover it; it would take minutes);
// what /out holds is what the final stage copies into the image.
const pnpm = (args: string[], cwd: string) =>
  execFileSync("corepack", ["pnpm", ...args], {
    cwd,
    env: { ...process.env, COREPACK_ENABLE_DOWNLOAD_PROMPT: "0" },
    encoding: "utf8",
  });
const pnpmStore = pnpm(["store", "path"], root).trim();

/** The `.dockerignore` patterns used here: `**\/name` (any depth, `*` wildcards) and root-level names. */
const ignored = (() => {
  const rules = readFileSync(join(root, ".dockerignore"), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((pattern) => {
      const anyDepth = pattern.startsWith("**/");
      const name = new RegExp(
        `^${pattern
          .replace(/^\*\*\//, "")
          .replace(/\./g, "\\.")
          .replace(/\*/g, "[^/]*")}$`,
      );
      return (path: string) =>
        anyDepth ? path.split("/").some((segment) => name.test(segment)) : name.test(path.split("/")[0] ?? "");
    });
  return (path: string) => rules.some((rule) => rule(path));
})();

const run = promisify(exec);

describe.concurrent.each(images)("the image of $dockerfile", (image) => {
  it("holds its own package and its runtime dependencies only", { timeout: 180_000 }, async ({
    expect,
    onTestFinished,
  }) => {
    const [build] = readDockerfile(join(root, image.dockerfile));
    const context = mkdtempSync(join(tmpdir(), "image-context-"));
    const out = join(context, "..", `${relative(tmpdir(), context)}-out`);
    onTestFinished(async () => {
      await Promise.all([context, out].map((dir) => rm(dir, { recursive: true, force: true })));
    });

    for (const step of build?.steps ?? []) {
      if (step.keyword === "COPY" && step.flags.from === undefined) {
        const target = step.args.at(-1) as string;
        for (const source of step.args.slice(0, -1)) {
          const destination = target.endsWith("/") ? join(context, target, source) : join(context, target);
          cpSync(join(root, source), destination, {
            recursive: true,
            filter: (path) => !ignored(relative(root, path)),
          });
        }
      }
      if (step.keyword === "RUN" && !/ run build$/.test(commandOf(step))) {
        const command = commandOf(step)
          .replace(/^corepack pnpm /, "corepack pnpm --offline ")
          .replace(/--store-dir \S+/, `--store-dir ${pnpmStore}`)
          .replace(/ \/out$/, ` ${out}`);
        await run(command, { cwd: context, env: { ...process.env, COREPACK_ENABLE_DOWNLOAD_PROMPT: "0" } });
      }
    }

    const manifest = JSON.parse(readFileSync(join(out, "package.json"), "utf8"));
    expect(manifest.name).toBe(image.packageName);
    const workspaceDependencies = runtimeWorkspaceDependencies(image.packageName);
    const scoped = join(out, "node_modules", "@de-gateway");
    expect(existsSync(scoped) ? readdirSync(scoped).sort() : []).toEqual(
      workspaceDependencies.map((name) => name.replace("@de-gateway/", "")),
    );
    for (const name of workspaceDependencies) {
      const files = readdirSync(join(out, "node_modules", name));
      expect(
        files.filter((file) => !["package.json", "dist", "README.md"].includes(file)),
        name,
      ).toEqual([]);
    }
    const manifests = [image.packageName, ...workspaceDependencies].map(
      (name) => workspacePackages.get(name)?.manifest,
    );
    const runtimeNames = new Set(manifests.flatMap((each) => Object.keys(each?.dependencies ?? {})));
    const devOnly = manifests
      .flatMap((each) => Object.keys(each?.devDependencies ?? {}))
      .filter((name) => !runtimeNames.has(name));
    const present = devOnly.filter((name) => existsSync(join(out, "node_modules", name)));
    expect(present, "development dependencies in the image").toEqual([]);
    const virtualStore = readdirSync(join(out, "node_modules", ".pnpm"));
    expect(virtualStore.filter((entry) => /^(typescript|vitest|tsx|@biomejs)[@+]/.test(entry))).toEqual([]);
  });
});
