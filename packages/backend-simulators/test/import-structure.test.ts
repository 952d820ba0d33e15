import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SOURCE = fileURLToPath(new URL("../src/", import.meta.url));
/** A relative module named by an import or export statement, or a dynamic import. */
const RELATIVE_IMPORT = /(?:\bfrom|\bimport\s*\(?)\s*"(\.{1,2}\/[^"]+)"/g;

/** Each source file (relative to src/) with the source files it imports. */
function importsBySourceFile(): Map<string, string[]> {
  const files = readdirSync(SOURCE, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts"));
  return new Map(
    files.map((file) => {
      const text = readFileSync(join(SOURCE, file), "utf8");
      const imported = [...text.matchAll(RELATIVE_IMPORT)].map((match) =>
        normalize(join(dirname(file), String(match[1]))).replace(/\.js$/, ".ts"),
      );
      return [file, imported];
    }),
  );
}

/** A backend's folder, or a shared file of src/ itself (the demo world, the platform that assembles the backends). */
const unitOf = (file: string) => (file.includes("/") ? (file.split("/")[0] as string) : file);

/** The import edges between units that lie on a circle, as `from → to (file → file)`. */
function circularEdges(imports: Map<string, string[]>): string[] {
  const edges = new Map<string, Set<string>>();
  const examples = new Map<string, string>();
  for (const [file, targets] of imports) {
    for (const target of targets) {
      const [from, to] = [unitOf(file), unitOf(target)];
      if (from === to) continue;
      edges.set(from, (edges.get(from) ?? new Set()).add(to));
      examples.set(`${from} → ${to}`, `${file} → ${target}`);
    }
  }
  const reaches = (start: string, goal: string) => {
    const seen = new Set<string>();
    const pending = [start];
    while (pending.length) {
      const unit = pending.pop() as string;
      if (unit === goal) return true;
      if (seen.has(unit)) continue;
      seen.add(unit);
      pending.push(...(edges.get(unit) ?? []));
    }
    return false;
  };
  return [...examples]
    .filter(([edge]) => {
      const [from, to] = edge.split(" → ") as [string, string];
      return reaches(to, from);
    })
    .map(([edge, example]) => `${edge} (${example})`);
}

describe("the simulators' modules", () => {
  it("import each other in one direction only: no backend's folder is on an import circle", () => {
    const imports = importsBySourceFile();
    expect(imports.size).toBeGreaterThan(100);
    expect(circularEdges(imports)).toEqual([]);
  });

  it("would name a circle if there were one", () => {
    const planted = new Map([
      ["apps/limit-checks.ts", ["analyses/job-limits.ts"]],
      ["analyses/apps-catalogue.ts", ["apps/catalog-store.ts"]],
      ["demo-world.ts", ["seed-ids.ts"]],
    ]);
    expect(circularEdges(planted)).toEqual([
      "apps → analyses (apps/limit-checks.ts → analyses/job-limits.ts)",
      "analyses → apps (analyses/apps-catalogue.ts → apps/catalog-store.ts)",
    ]);
  });
});
