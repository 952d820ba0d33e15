import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadServiceRoutes, parseRoutesFile, RoutesFileError, SHARED_NODE_ARGS } from "../src/index.js";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A throwaway repository holding the given services/<name>/routes.yml files. */
function repoWith(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "routing-"));
  roots.push(root);
  writeFileSync(join(root, "pnpm-workspace.yaml"), "packages: []\n");
  for (const [service, text] of Object.entries(files)) {
    mkdirSync(join(root, "services", service), { recursive: true });
    writeFileSync(join(root, "services", service, "routes.yml"), text);
  }
  return root;
}

describe("routes.yml", () => {
  it("reads exact paths, prefixes and explicit priorities", () => {
    const parsed = parseRoutesFile(
      "service: groups\nport: 3002\nroutes:\n  - pathPrefix: /teams\n  - path: /\n  - pathPrefix: /apps/x/comments\n    priority: 500\n",
      "services/groups/routes.yml",
    );
    expect(parsed).toEqual({
      service: "groups",
      port: 3002,
      file: "services/groups/routes.yml",
      nodeArgs: [...SHARED_NODE_ARGS],
      routes: [
        { kind: "pathPrefix", value: "/teams" },
        { kind: "path", value: "/" },
        { kind: "pathPrefix", value: "/apps/x/comments", priority: 500 },
      ],
    });
  });

  it("reads the Node options the service's process runs with, after those every service runs with", () => {
    const parsed = parseRoutesFile(
      "service: data\nport: 3003\nnodeArgs:\n  - --initial-old-space-size=96\n  - --no-expose_wasm\nroutes:\n  - pathPrefix: /a\n",
      "services/data/routes.yml",
    );
    expect(parsed.nodeArgs).toEqual([...SHARED_NODE_ARGS, "--initial-old-space-size=96", "--no-expose_wasm"]);
    expect(SHARED_NODE_ARGS).toEqual(["--max-semi-space-size=16", "--scavenger-max-new-space-capacity-mb=4"]);
  });

  it.each([
    ["broken YAML", "service: [groups\n", /groups\.yml: not valid YAML/],
    ["a missing port", "service: groups\nroutes:\n  - pathPrefix: /teams\n", /groups\.yml is not a valid routes file/],
    [
      "a path without its slash",
      "service: groups\nport: 3002\nroutes:\n  - pathPrefix: teams\n",
      /\/routes\/0\/pathPrefix/,
    ],
    ["an unknown key", "service: groups\nport: 3002\nroutes:\n  - prefix: /teams\n", /\/routes\/0/],
    [
      "both path and prefix",
      "service: groups\nport: 3002\nroutes:\n  - path: /a\n    pathPrefix: /a\n",
      /routes\[0\] must have exactly one/,
    ],
    ["a backtick in a path", "service: groups\nport: 3002\nroutes:\n  - pathPrefix: /a`b\n", /\/routes\/0\/pathPrefix/],
    [
      "a route declared twice",
      "service: groups\nport: 3002\nroutes:\n  - path: /a\n  - path: /a\n",
      /path \/a is declared twice/,
    ],
    [
      "a prefix that would publish /metrics",
      "service: groups\nport: 3002\nroutes:\n  - pathPrefix: /me\n",
      /pathPrefix \/me would make \/metrics public/,
    ],
    ["the root prefix", "service: groups\nport: 3002\nroutes:\n  - pathPrefix: /\n", /would make \/metrics public/],
    [
      "a Node option that is not one option",
      "service: groups\nport: 3002\nnodeArgs: ['--a=1 --b']\nroutes:\n  - path: /a\n",
      /\/nodeArgs\/0/,
    ],
    [
      "a program in place of a Node option",
      "service: groups\nport: 3002\nnodeArgs: [x.js]\nroutes:\n  - path: /a\n",
      /\/nodeArgs\/0/,
    ],
    [
      "an exact readiness path",
      "service: groups\nport: 3002\nroutes:\n  - path: /readyz\n",
      /path \/readyz would make \/readyz public/,
    ],
  ])("rejects %s with a message naming the file", (_, text, message) => {
    expect(() => parseRoutesFile(text, "services/groups.yml")).toThrow(RoutesFileError);
    expect(() => parseRoutesFile(text, "services/groups.yml")).toThrow(message);
  });

  it("loads every service of a repository", () => {
    const root = repoWith({
      groups: "service: groups\nport: 3002\nroutes:\n  - pathPrefix: /teams\n",
      data: "service: data\nport: 3003\nroutes:\n  - pathPrefix: /secured/fileio\n",
    });
    expect(loadServiceRoutes(root).map((service) => service.service)).toEqual(["data", "groups"]);
  });

  it("refuses a file whose service is not its folder", () => {
    const root = repoWith({ groups: "service: data\nport: 3002\nroutes:\n  - pathPrefix: /teams\n" });
    expect(() => loadServiceRoutes(root)).toThrow(
      /groups\/routes\.yml: names service "data" but lives in services\/groups/,
    );
  });

  it("refuses two services declaring the same prefix, naming both", () => {
    const root = repoWith({
      groups: "service: groups\nport: 3002\nroutes:\n  - pathPrefix: /teams\n",
      data: "service: data\nport: 3003\nroutes:\n  - pathPrefix: /teams\n",
    });
    expect(() => loadServiceRoutes(root)).toThrow(
      /groups\/routes\.yml: pathPrefix \/teams is already declared by data/,
    );
  });

  it("refuses two services on the same port", () => {
    const root = repoWith({
      groups: "service: groups\nport: 3002\nroutes:\n  - pathPrefix: /teams\n",
      data: "service: data\nport: 3002\nroutes:\n  - pathPrefix: /secured/fileio\n",
    });
    expect(() => loadServiceRoutes(root)).toThrow(/port 3002 is already the port of data/);
  });
});
