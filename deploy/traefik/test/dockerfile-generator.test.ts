import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_PORTS } from "@de-gateway/backend-simulators";
import { DEVELOPMENT_STACK_SETTING } from "@de-gateway/backend-simulators/ports";
import { describe, expect, it } from "vitest";
import { DOCKERFILE_TEMPLATE, fillTemplate } from "../src/dockerfiles.js";
import { exposeList, images } from "../src/images.js";
import { root } from "../src/workspace.js";
import { readDockerfile } from "./dockerfile-model.js";

const simulators = images.find((image) => image.dir === "packages/backend-simulators");

/** `EXPOSE 4001-4003 2525` → [4001, 4002, 4003, 2525]. */
const exposedPorts = (args: string[]) =>
  args.flatMap((arg) => {
    const [first, last = first] = arg.split("-").map(Number) as [number, number?];
    return Array.from({ length: last - first + 1 }, (_, index) => first + index);
  });

describe("the Dockerfile generator", () => {
  it("fills every placeholder of the template, and refuses one it has no value for", () => {
    expect(fillTemplate("FROM {{image}}\nCMD {{command}}", { image: "node", command: "x $& y" })).toBe(
      "FROM node\nCMD x $& y",
    );
    expect(() => fillTemplate("EXPOSE {{port}}", {}, DOCKERFILE_TEMPLATE)).toThrow(
      `${DOCKERFILE_TEMPLATE}: no value for {{port}}`,
    );
  });

  it("writes runs of consecutive ports as ranges", () => {
    expect(exposeList([4003, 4001, 4002, 4008])).toBe("4001-4003 4008");
    expect(exposeList([3001])).toBe("3001");
  });

  it("exposes every port of the simulators and probes each HTTP one", () => {
    if (!simulators) throw new Error("no simulators image");
    const runtime = readDockerfile(join(root, simulators.dockerfile)).at(-1);
    const expose = runtime?.steps.find((step) => step.keyword === "EXPOSE");
    expect(exposedPorts(expose?.args ?? []).sort()).toEqual(Object.values(DEFAULT_PORTS).sort());
    const { smtp: _smtp, ...http } = DEFAULT_PORTS;
    const probe = runtime?.steps.find((step) => step.keyword === "HEALTHCHECK")?.args.join(" ") ?? "";
    for (const port of Object.values(http)) expect(probe).toContain(String(port));
  });

  it("never tells the simulators' image it runs a development stack: only a development layer does", () => {
    if (!simulators) throw new Error("no simulators image");
    const text = readFileSync(join(root, simulators.dockerfile), "utf8");
    expect(text).toContain('CMD ["node", "dist/cli.js"]');
    expect(text).not.toContain(DEVELOPMENT_STACK_SETTING);
  });
});
