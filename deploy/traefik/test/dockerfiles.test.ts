import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GENERATE_COMMAND, generatedDockerfile } from "../src/dockerfiles.js";
import { images } from "../src/images.js";
import { root, runtimeWorkspaceDependencies, workspacePackages } from "../src/workspace.js";
import { commandOf, readDockerfile, type Stage } from "./dockerfile-model.js";

/** Files from the repository root every image build needs: the workspace and lockfile, the shared tsconfig. */
const ROOT_FILES = ["package.json", "pnpm-lock.yaml", "pnpm-workspace.yaml", "tsconfig.base.json"];
const PINNED_TAG = /^\d+\.\d+\.\d+(-[a-z0-9.-]+)?$/;

const stepsOf = (stage: Stage | undefined, keyword: string) =>
  stage?.steps.filter((step) => step.keyword === keyword) ?? [];

describe.each(images)("$dockerfile", (image) => {
  const stages = readDockerfile(join(root, image.dockerfile));
  const runtime = stages.at(-1);
  const allowedDirs = [
    image.dir,
    ...runtimeWorkspaceDependencies(image.packageName).map((name) => workspacePackages.get(name)?.dir),
  ];

  it("is what the template makes of it now", () => {
    expect(
      readFileSync(join(root, image.dockerfile), "utf8"),
      `${image.dockerfile} is stale or edited by hand: run ${GENERATE_COMMAND}`,
    ).toBe(generatedDockerfile(image, root));
  });

  it("says on its second line, after the syntax directive, that it is generated and by which command", () => {
    const [directive, notice] = readFileSync(join(root, image.dockerfile), "utf8").split("\n");
    expect(directive).toBe("# syntax=docker/dockerfile:1");
    expect(notice).toMatch(
      /^# Generated from .* by `corepack pnpm --filter @de-gateway\/traefik generate`: do not edit\.$/,
    );
  });

  it("is multi-stage, every base image pinned to an exact version", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) {
      expect(stage.digest !== null || PINNED_TAG.test(stage.tag ?? ""), `${stage.image}:${stage.tag}`).toBe(true);
    }
  });

  it("runs on node:24-slim as a non-root user", () => {
    expect(runtime?.image).toBe("node");
    expect(runtime?.tag).toMatch(/^24\.\d+\.\d+-slim$/);
    const users = stepsOf(runtime, "USER").map((step) => step.args[0]);
    expect(users.at(-1)).toBeDefined();
    expect(["root", "0"]).not.toContain(users.at(-1));
  });

  it("has a HEALTHCHECK, STOPSIGNAL SIGTERM and the right command", () => {
    const [healthcheck] = stepsOf(runtime, "HEALTHCHECK");
    expect(healthcheck?.args[0]).toBe("CMD");
    expect(healthcheck?.args.join(" ")).toMatch(image.port ? /\/readyz/ : /\/__sim\/healthz/);
    expect(stepsOf(runtime, "STOPSIGNAL").map((step) => step.args)).toEqual([["SIGTERM"]]);
    expect(stepsOf(runtime, "CMD").map((step) => step.json)).toEqual([["node", ...image.nodeArgs, image.main]]);
    if (image.port) expect(stepsOf(runtime, "EXPOSE").flatMap((step) => step.args)).toEqual([String(image.port)]);
  });

  it("copies only its own package and the workspace packages it depends on, all of them", () => {
    expect(stages.flatMap((stage) => stepsOf(stage, "ADD"))).toEqual([]);
    const copied = stages.flatMap((stage) =>
      stepsOf(stage, "COPY")
        .filter((step) => step.flags.from === undefined)
        .flatMap((step) => step.args.slice(0, -1)),
    );
    const outside = copied.filter(
      (source) =>
        !ROOT_FILES.includes(source) && !allowedDirs.some((dir) => source === dir || source.startsWith(`${dir}/`)),
    );
    expect(outside, "copied from outside this image's packages").toEqual([]);
    expect(
      allowedDirs.filter((dir) => !copied.includes(dir as string)),
      "needed but not copied",
    ).toEqual([]);
    expect(ROOT_FILES.filter((file) => !copied.includes(file))).toEqual([]);
  });

  it("puts into the final image only what `pnpm deploy --prod` made of its own package", () => {
    const build = stages[0];
    const deploy = stepsOf(build, "RUN")
      .map(commandOf)
      .find((command) => / deploy /.test(command));
    expect(deploy).toMatch(new RegExp(`--filter ${image.packageName} deploy --prod /out$`));
    const runtimeCopies = stepsOf(runtime, "COPY");
    expect(runtimeCopies.length).toBeGreaterThan(0);
    for (const step of runtimeCopies) {
      expect(step.flags.from).toBe(build?.name);
      expect(step.args.slice(0, -1).every((source) => source.startsWith("/out/"))).toBe(true);
    }
    expect(runtimeCopies.map((step) => step.args[0])).toContain("/out/dist");
  });
});

describe("services/data/Dockerfile", () => {
  it("runs the data service with the larger initial old generation its routes.yml gives it, for its streams", () => {
    const runtime = readDockerfile(join(root, "services/data/Dockerfile")).at(-1);
    const [command] = stepsOf(runtime, "CMD").map((step) => step.json);
    expect(command).toContainEqual(expect.stringMatching(/^--initial-old-space-size=\d+$/));
    expect(command?.at(-1)).toBe("dist/server.js");
  });
});

describe(".dockerignore", () => {
  it("keeps dependencies, builds, tests and git out of every build context", () => {
    const patterns = readFileSync(join(root, ".dockerignore"), "utf8")
      .split("\n")
      .map((line) => line.trim());
    for (const pattern of ["**/node_modules", "**/dist", "**/test", ".git"]) expect(patterns).toContain(pattern);
    expect(existsSync(join(root, ".dockerignore"))).toBe(true);
  });
});

describe("the Node the images run and the Node the tests run", () => {
  const majorOf = (version: string) => version.replace(/^[^\d]*/, "").split(".")[0];
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    engines: { node: string };
    devDependencies: Record<string, string>;
  };

  it("are one major: the Dockerfiles' base image is the runtime these tests run on", () => {
    const tested = majorOf(process.versions.node);
    for (const { dockerfile } of images) {
      for (const stage of readDockerfile(join(root, dockerfile))) {
        expect(`${dockerfile}: ${stage.image}:${majorOf(stage.tag ?? "")}`).toBe(`${dockerfile}: node:${tested}`);
      }
    }
  });

  it("are the exact release the workspace pins for scripts, and engines and @types/node name its major", () => {
    const stage = readDockerfile(join(root, images[0]?.dockerfile ?? "")).at(-1);
    const release = stage?.tag?.replace(/-slim$/, "");
    expect(manifest.devDependencies.node).toBe(release);
    expect(process.versions.node).toBe(release);
    const major = majorOf(release ?? "");
    expect(manifest.engines.node).toBe(`${major}.x`);
    expect(majorOf(manifest.devDependencies["@types/node"] ?? "")).toBe(major);
  });
});
