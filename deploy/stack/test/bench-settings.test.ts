import { globSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../src/components.js";

/** Every `BENCH_…` variable a bench reads, across the workspace's packages. */
function settingsTheBenchesRead(): string[] {
  const sources = globSync("{deploy,services,packages}/*/bench/**/*.ts", { cwd: REPO_ROOT });
  const names = sources.flatMap((file) =>
    [...readFileSync(join(REPO_ROOT, file), "utf8").matchAll(/process\.env\.(BENCH_[A-Z0-9_]+)/g)].map(
      ([, name]) => name as string,
    ),
  );
  return [...new Set(names)].sort();
}

describe("the benches' settings", () => {
  // `pnpm bench` runs each package's bench under turbo, which hands a task only the variables its configuration
  // names: a setting left out would be dropped without a word, and the run would go on with the defaults instead.
  it("reach the benches through `pnpm bench`: turbo's bench task names every one of them", () => {
    const turbo = JSON.parse(readFileSync(join(REPO_ROOT, "turbo.json"), "utf8")) as {
      tasks: { bench?: { env?: string[] } };
    };
    const read = settingsTheBenchesRead();
    expect(read).toContain("BENCH_FIGURES");
    expect(turbo.tasks.bench?.env ?? []).toEqual(expect.arrayContaining(read));
  });
});
