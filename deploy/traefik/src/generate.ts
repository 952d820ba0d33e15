import { mkdirSync, readdirSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { repoRoot, TRAEFIK_ROUTERS_FILE } from "@de-gateway/routing";
import { generatedRoutersFile } from "./routers-file.js";

/**
 * Writes, from the services' routes.yml files and configs: Traefik's dynamic configuration (the routers, and the
 * development routes), every image's Dockerfile, the whole of deploy/k8s and deploy/compose (rewritten from scratch,
 * so nothing stale stays behind, the deployer's own files of deploy/k8s/production excepted), the root
 * docker-compose.yml and the docs service's sources.
 */
const root = repoRoot();

/** Removes every file under `dir` but those of `keep` (paths from the repository root), then the emptied folders. */
function clear(dir: string, keep: ReadonlySet<string>): void {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) clear(path, keep);
    else if (!keep.has(path)) rmSync(join(root, path));
  }
  if (readdirSync(join(root, dir)).length === 0) rmdirSync(join(root, dir));
}

try {
  // Imported here: they read the workspace's manifests and routes.yml files as they load, and may fail doing so.
  const { images } = await import("./images.js");
  const { generatedDockerfile } = await import("./dockerfiles.js");
  const { DEPLOYER_FILES, generatedKubernetesFiles, K8S_DIR, PRODUCTION_DIR } = await import("./k8s/files.js");
  const { COMPOSE_DIR, DEV_TOOLS_FILE, generatedComposeFiles } = await import("./compose-files.js");
  const { generatedDevToolsFile } = await import("./dev-tools-file.js");
  const { gatewayServices } = await import("./workspace.js");
  const files: Array<[string, string]> = [
    [TRAEFIK_ROUTERS_FILE, generatedRoutersFile(root)],
    [DEV_TOOLS_FILE, generatedDevToolsFile()],
    ...images.map((image): [string, string] => [image.dockerfile, generatedDockerfile(image, root)]),
    ...(await generatedKubernetesFiles(root)),
    ...(await generatedComposeFiles(gatewayServices, root)),
  ];
  const deployerFiles = new Set(Object.values(DEPLOYER_FILES).map((file) => join(PRODUCTION_DIR, file)));
  for (const dir of [K8S_DIR, COMPOSE_DIR]) {
    mkdirSync(join(root, dir), { recursive: true });
    clear(dir, deployerFiles);
  }
  for (const [file, text] of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
    process.stdout.write(`wrote ${relative(root, join(root, file))}\n`);
  }
} catch (error) {
  process.stderr.write(`generate: ${(error as Error).message}\n`);
  process.exit(1);
}
