import { glob, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type BuildOptions, build, type Plugin, stop, version } from "esbuild";
import { BUNDLE_DIR, bundlePath } from "./bundle-paths.js";
import { pruneCompileCache } from "./compile-cache.js";
import { REPO_ROOT } from "./components.js";
import { escapeRegExp } from "./escape-reg-exp.js";

// Code bundled from CommonJS packages calls require() for Node's own modules, which ES modules lack.
const REQUIRE_SHIM =
  'import { createRequire as __stackCreateRequire } from "node:module"; const require = __stackCreateRequire(import.meta.url);';

/** Where the workspace's packages keep the sources their programs are built from. */
const WORKSPACE_SOURCES = ["services/*/src/**/*.ts", "packages/*/src/**/*.ts", "deploy/*/src/**/*.ts"];

/** The workspace's sources (relative to the root), and those of them that name `import.meta.url`. */
async function workspaceSources(): Promise<{ all: Set<string>; namingTheirUrl: string[] }> {
  const all: string[] = [];
  for await (const file of glob(WORKSPACE_SOURCES, { cwd: REPO_ROOT })) all.push(file);
  const naming = await Promise.all(
    all.map(async (file) => (await readFile(join(REPO_ROOT, file), "utf8")).includes("import.meta.url")),
  );
  return { all: new Set(all), namingTheirUrl: all.filter((_file, index) => naming[index]) };
}

/**
 * `import.meta.url` in a workspace source keeps naming that source file, as it does unbundled. Otherwise it
 * names the bundle, under the root's node_modules/.cache, and what a package resolves beside itself at run time
 * (the docs service its Swagger UI assets) is looked for where pnpm keeps only the workspace's own dependencies.
 * Only the few sources that name it are handed to this plugin: each one costs the build a round trip to this
 * process, and all of them (some 570) cost it about 0.3 s.
 */
function sourceLocations(files: readonly string[]): Plugin {
  const filter = new RegExp(`^(?:${files.map((file) => escapeRegExp(join(REPO_ROOT, file))).join("|")})$`);
  return {
    name: "source-locations",
    setup(build) {
      build.onLoad({ filter }, async ({ path }) => {
        // Every source read here is handed on, so that esbuild does not read it a second time.
        const contents = await readFile(path, "utf8");
        return {
          contents: contents.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(path).href)),
          loader: "ts",
        };
      });
    },
  };
}

const HTTP_NAMESPACE = "http-without-facade";

/**
 * `node:http` imported as an ES module costs each process about 80 ms of CPU at start on Node 24: the module's
 * ES facade reads every export, among them the getters (`WebSocket`, `MessageEvent`, `CloseEvent`) that load
 * Node's own copy of undici, which nothing in the stack uses. Every service imports it (service-kit's
 * `STATUS_CODES`, nodemailer's client), so the programs take it from `process.getBuiltinModule` instead, which
 * makes no facade; an import of one of those getters fails the build.
 */
function httpWithoutFacade(): Plugin {
  const http = process.getBuiltinModule("node:http");
  const values = Object.entries(Object.getOwnPropertyDescriptors(http))
    .filter(([, descriptor]) => "value" in descriptor)
    .map(([name]) => name);
  return {
    name: "http-without-facade",
    setup(build) {
      build.onResolve({ filter: /^(node:)?http$/ }, ({ kind }) =>
        kind === "import-statement" ? { path: "node:http", namespace: HTTP_NAMESPACE } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: HTTP_NAMESPACE }, () => ({
        contents: `const http = process.getBuiltinModule("node:http");\nexport default http;\nexport const { ${values.join(", ")} } = http;\n`,
        loader: "js",
      }));
    },
  };
}

/** Written after each build: what it was built from, to skip the next build when nothing changed. */
const STAMP_FILE = join(BUNDLE_DIR, "inputs.json");
// Rewritten by every `pnpm install`, so a changed dependency is a changed input too.
const INSTALL_STATE = join(REPO_ROOT, "node_modules", ".modules.yaml");

interface Stamp {
  settings: string;
  inputs: Record<string, string>;
}

async function fingerprint(file: string): Promise<string> {
  const { mtimeMs, size } = await stat(join(REPO_ROOT, file));
  return `${mtimeMs}:${size}`;
}

async function unchangedSince(settings: string): Promise<boolean> {
  try {
    const stamp = JSON.parse(await readFile(STAMP_FILE, "utf8")) as Stamp;
    if (stamp.settings !== settings) return false;
    const files = Object.keys(stamp.inputs);
    const now = await Promise.all(files.map(fingerprint));
    return files.every((file, index) => stamp.inputs[file] === now[index]);
  } catch {
    return false;
  }
}

/**
 * Compiles every process of the stack, with everything it imports, in one esbuild run: TypeScript is
 * transpiled once instead of in each process at launch, code shared by several processes lands in common
 * chunks, and a process then loads a handful of files instead of hundreds. Workspace packages are taken
 * from their sources (the `source` export condition), as tests and type checks take them. Skipped when
 * no input (source, dependency, setting) changed since the last build.
 */
export async function bundle(entries: Record<string, string>): Promise<Record<string, string>> {
  const options: BuildOptions = {
    absWorkingDir: REPO_ROOT,
    entryPoints: entries,
    outdir: BUNDLE_DIR,
    outExtension: { ".js": ".mjs" },
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    // The processes run on the Node that compiles them (the workspace's pinned release).
    target: `node${process.versions.node.split(".")[0]}`,
    conditions: ["source"],
    sourcemap: "linked",
    sourcesContent: false,
    legalComments: "none",
    banner: { js: REQUIRE_SHIM },
    logLevel: "warning",
  };
  const programs = Object.fromEntries(Object.keys(entries).map((name) => [name, bundlePath(name)]));
  const settings = JSON.stringify({
    version,
    options,
    install: await stat(INSTALL_STATE).then((s) => s.mtimeMs),
    // This file's plugins shape the programs too.
    builder: await stat(fileURLToPath(import.meta.url)).then((s) => s.mtimeMs),
  });
  if (await unchangedSince(settings)) return programs;

  const [sources] = await Promise.all([
    workspaceSources(),
    rm(BUNDLE_DIR, { recursive: true, force: true }),
    pruneCompileCache(),
  ]);
  const { metafile } = await build({
    ...options,
    plugins: [sourceLocations(sources.namingTheirUrl), httpWithoutFacade()],
    metafile: true,
  });
  await stop(); // esbuild's helper process would otherwise stay for as long as the stack runs
  const unscanned = Object.keys(metafile.inputs).filter(
    (file) => file.endsWith(".ts") && !file.includes("node_modules/") && !sources.all.has(file),
  );
  if (unscanned.length > 0) {
    // Their import.meta.url was not rewritten: add their folder to WORKSPACE_SOURCES.
    throw new Error(`sources outside ${WORKSPACE_SOURCES.join(", ")} were compiled: ${unscanned.join(", ")}`);
  }
  const inputs = await Promise.all(
    Object.keys(metafile.inputs)
      .filter((file) => !file.startsWith(`${HTTP_NAMESPACE}:`))
      .map(async (file) => [file, await fingerprint(file)] as const),
  );
  const stamp: Stamp = { settings, inputs: Object.fromEntries(inputs) };
  await writeFile(STAMP_FILE, JSON.stringify(stamp));
  return programs;
}
