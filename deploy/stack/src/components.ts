import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_PORTS } from "@de-gateway/backend-simulators/ports";
import { SHARED_NODE_ARGS } from "@de-gateway/routing/node-args";
import { repoRoot } from "@de-gateway/routing/repo";
import { parse } from "yaml";

// Found by walking up, so that it holds in the compiled launcher too (see bundle.ts).
export const REPO_ROOT = repoRoot(dirname(fileURLToPath(import.meta.url)));

/** A process of the local stack: where it runs, what it runs, the port it must get. */
export interface Component {
  name: string;
  cwd: string;
  entry: string;
  port: number;
  /** Path answered with 200 once the component is ready; without one, an open port is enough. */
  readyPath?: string;
  /** Node options for its process, e.g. `--expose-gc`, or the TypeScript loader to run its entry from source. */
  nodeArgs?: string[];
}

export function serviceComponents(root: string = REPO_ROOT): Component[] {
  const servicesDir = join(root, "services");
  return readdirSync(servicesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const cwd = join(servicesDir, entry.name);
      // Read as it is (the deploy tests load every routes.yml through packages/routing, which validates them), with
      // the Node options every service runs with first, as packages/routing gives them.
      const {
        service: name,
        port,
        nodeArgs,
      } = parse(readFileSync(join(cwd, "routes.yml"), "utf8")) as {
        service: string;
        port: number;
        nodeArgs?: string[];
      };
      return {
        name,
        cwd,
        entry: "src/server.ts",
        port,
        readyPath: "/healthz",
        nodeArgs: [...SHARED_NODE_ARGS, ...(nodeArgs ?? [])],
      };
    })
    .sort((a, b) => a.port - b.port);
}

export function simulatorComponent(root: string = REPO_ROOT): Component {
  return {
    name: "simulators",
    cwd: join(root, "packages", "backend-simulators"),
    entry: "src/cli.ts",
    port: DEFAULT_PORTS.idp,
    readyPath: "/__sim/healthz",
  };
}

export function edgeComponent(port: number, root: string = REPO_ROOT): Component {
  return { name: "edge", cwd: join(root, "deploy", "edge"), entry: "src/server.ts", port, readyPath: "/healthz" };
}

/** The TypeScript entry file of every process of the stack, by name (ports play no part in it). */
export function stackEntries(root: string = REPO_ROOT): Record<string, string> {
  const components = [simulatorComponent(root), ...serviceComponents(root), edgeComponent(0, root)];
  return Object.fromEntries(components.map((component) => [component.name, join(component.cwd, component.entry)]));
}

/** Every port the stack needs, with who needs it, for the pre-flight check. */
export function requiredPorts(edgePort: number, root: string = REPO_ROOT): Array<{ port: number; owner: string }> {
  return [
    ...Object.entries(DEFAULT_PORTS).map(([name, port]) => ({ port, owner: `${name} simulator` })),
    ...serviceComponents(root).map((service) => ({ port: service.port, owner: service.name })),
    { port: edgePort, owner: "edge" },
  ];
}
