import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { isBuiltin } from "node:module";
import { basename, join, relative, sep } from "node:path";
import { promisify } from "node:util";
import { type BuildOptions, build, type OnResolveArgs, type Plugin, type PluginBuild } from "esbuild";
import { BUNDLE_DIR, DEPENDENCY_DIR } from "./bundle-paths.js";

const run = promisify(execFile);

/** Where a layer notes what it was last compiled from: each module's file and the names imported, and the settings. */
const STAMP = "inputs.json";
/** Where it writes the generated entry of each module while it compiles. */
const ENTRIES = "entries";
/** The scope of the workspace's own packages. */
const WORKSPACE_SCOPE = "@de-gateway/";
/** Export names that are not a module's own: Node's namespace of a CommonJS module adds this one. */
const NOT_EXPORTED = new Set(["default", "module.exports"]);

/** The name of the layer file standing for a dependency's module, made from the file it resolves to. */
function layerFileName(resolved: string): string {
  const digest = createHash("sha256").update(resolved).digest("hex").slice(0, 12);
  const modules = `${sep}node_modules${sep}`;
  const readable = resolved
    .slice(resolved.lastIndexOf(modules) + modules.length)
    .replace(/[^A-Za-z0-9@._-]+/g, "_")
    .slice(-60);
  return `${readable}-${digest}.mjs`;
}

/** Lists the names each module exports as Node sees them (ES exports, or what its CommonJS lexer finds), by file. */
const LIST_EXPORTS = `
import { pathToFileURL } from "node:url";
const names = {};
for (const file of JSON.parse(process.argv[1])) {
  try {
    names[file] = Object.keys(await import(pathToFileURL(file).href));
  } catch {
    names[file] = ["default"];
  }
}
process.stdout.write(JSON.stringify(names));
process.exit(0);
`;

/**
 * The names each module exports, loaded in a process of its own: loading them here would leave whatever they start
 * (timers, global registrations) in the launcher. A module that cannot be loaded exports only its default, and a
 * program importing a name from it fails as it starts.
 */
async function exportNames(files: string[]): Promise<Record<string, string[]>> {
  if (!files.length) return {};
  const { stdout } = await run(
    process.execPath,
    ["--input-type=module", "--eval", LIST_EXPORTS, JSON.stringify(files)],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout) as Record<string, string[]>;
}

/** What the programs import from a layer file: names, or all of them (a namespace import, `export *`, `import()`). */
export type ImportedNames = Set<string> | "all";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Adds what `code` (a compiled program or chunk) imports from the layer's files to `into`, by the specifier naming
 * each (`prefix`, the layer's directory as the programs name it, then the file's name). esbuild
 * writes each import of an external module as one plain statement (`import d, { a, b as c } from "…"`,
 * `import * as n from "…"`, `export { a } from "…"`, `import("…")`).
 */
export function collectImports(code: string, prefix: string, into: Map<string, ImportedNames>): void {
  const file = `"(${escapeRegExp(prefix)}/[^"/]+)"`;
  const statements = new RegExp(
    `\\b(?:import|export)\\s*([^;"]*?)\\s*from\\s*${file}|\\bimport\\(\\s*${file}\\s*\\)`,
    "g",
  );
  for (const [, clause, fromFile, dynamicFile] of code.matchAll(statements)) {
    const target = (fromFile ?? dynamicFile) as string;
    const names = into.get(target) ?? new Set<string>();
    into.set(target, names);
    if (names === "all") continue;
    if (dynamicFile || clause?.startsWith("*")) {
      into.set(target, "all");
      continue;
    }
    const braces = clause?.indexOf("{") ?? -1;
    const before = (braces < 0 ? clause : clause?.slice(0, braces))?.replace(/,\s*$/, "").trim();
    if (before && !clause?.startsWith("export")) names.add("default");
    if (braces < 0) continue;
    for (const item of (clause as string).slice(braces + 1, clause?.lastIndexOf("}")).split(",")) {
      const imported = item
        .trim()
        .split(/\s+as\s+/)[0]
        ?.replace(/^"|"$/g, "");
      if (imported) names.add(imported);
    }
  }
}

/**
 * An entry re-exporting the names the programs import from a module, by name: esbuild can list a CommonJS module's
 * exports only as it runs, and a program's `import { x }` of the layer file is linked by Node before anything runs.
 * Naming only what is imported also leaves the rest of an ES module out, as bundling it with the programs did.
 */
function entrySource(resolved: string, exports: string[]): string {
  const names = exports.filter((name) => !NOT_EXPORTED.has(name));
  const bindings = names.map((name, index) => `${JSON.stringify(name)}: v${index}`);
  const exported = names.map((name, index) => `v${index} as ${JSON.stringify(name)}`);
  return [
    `import * as m from ${JSON.stringify(resolved)};`,
    exports.includes("default") ? "export default m.default;" : "",
    names.length ? `const { ${bindings.join(", ")} } = m;\nexport { ${exported.join(", ")} };` : "",
  ].join("\n");
}

/**
 * The stack's dependencies compiled once per install, apart from its own code. Bundled with the workspace, they were
 * nine tenths of every compile's inputs (2,500 files, 2.2 s of both cores after any change); the workspace's programs
 * now import each dependency's module from a file of this layer, and a change to the workspace compiles only the
 * workspace (0.2 s). The layer is compiled again when an install or the set of modules the workspace imports changes.
 */
export class DependencyLayer {
  /** How the programs name the layer's directory: relative to theirs, so that a copy of both runs where it is. */
  private readonly prefix: string;

  /**
   * `dir`: where the layer is compiled to; `programsDir`: where the programs and every chunk of theirs are written
   * (one directory, so that one relative path names the layer from each).
   */
  constructor(
    private readonly dir: string = DEPENDENCY_DIR,
    programsDir: string = BUNDLE_DIR,
  ) {
    const path = relative(programsDir, dir);
    this.prefix = path.startsWith("..") ? path : `./${path}`;
  }

  /** The file each dependency module resolves to, by the specifier the programs import its layer file with. */
  private readonly modules = new Map<string, string>();
  /** What each import resolved to, by where it was made and what it names: most are made many times over. */
  private readonly found = new Map<string, Promise<{ path: string; external: true } | undefined>>();

  /** Has esbuild leave each dependency's module out of the workspace's programs, importing its layer file instead. */
  readonly plugin: Plugin = {
    name: "dependency-layer",
    setup: (compile) => {
      // Bare names only, and not the workspace's own packages, which are compiled with the programs from their sources.
      compile.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.pluginData === this || args.path.startsWith(WORKSPACE_SCOPE) || isBuiltin(args.path)) return undefined;
        const key = `${args.resolveDir}\0${args.kind}\0${args.path}`;
        let found = this.found.get(key);
        if (!found) {
          found = this.layerFileOf(compile, args);
          this.found.set(key, found);
        }
        return found;
      });
    },
  };

  /** The layer file of what an import names, when it is a dependency's module: undefined leaves it to esbuild. */
  private async layerFileOf(
    compile: PluginBuild,
    args: OnResolveArgs,
  ): Promise<{ path: string; external: true } | undefined> {
    const { path, external, errors } = await compile.resolve(args.path, {
      importer: args.importer,
      resolveDir: args.resolveDir,
      kind: args.kind,
      pluginData: this,
    });
    if (errors.length || external || !path.includes(`${sep}node_modules${sep}`)) return undefined;
    const specifier = `${this.prefix}/${layerFileName(path)}`;
    this.modules.set(specifier, path);
    return { path: specifier, external: true };
  }

  /**
   * Compiles the layer for the modules the last build imported, exporting the names its `programs` (the compiled
   * files) import, unless it is up to date with them and `settings`.
   */
  async compile(options: BuildOptions, settings: string, programs: string[]): Promise<void> {
    const imported = new Map<string, ImportedNames>();
    for (const program of programs) collectImports(await readFile(program, "utf8"), this.prefix, imported);
    const modules = [...this.modules].sort(([a], [b]) => a.localeCompare(b));
    const wanted = modules.map(([specifier, resolved]) => {
      const names = imported.get(specifier) ?? new Set<string>();
      return { specifier, resolved, names: names === "all" ? names : [...names].sort() };
    });
    const stamp = JSON.stringify({ settings, wanted });
    const stampFile = join(this.dir, STAMP);
    if ((await readFile(stampFile, "utf8").catch(() => "")) === stamp) return;

    const entryDir = join(this.dir, ENTRIES);
    await rm(this.dir, { recursive: true, force: true });
    await mkdir(entryDir, { recursive: true });
    const everyName = await exportNames(wanted.filter(({ names }) => names === "all").map(({ resolved }) => resolved));
    const entryPoints: Record<string, string> = {};
    for (const { specifier, resolved, names } of wanted) {
      const entry = join(entryDir, basename(specifier));
      await writeFile(entry, entrySource(resolved, names === "all" ? (everyName[resolved] ?? ["default"]) : names));
      entryPoints[basename(specifier, ".mjs")] = entry;
    }
    await build({ ...options, entryPoints, outdir: this.dir });
    await rm(entryDir, { recursive: true, force: true });
    await writeFile(stampFile, stamp);
  }
}
