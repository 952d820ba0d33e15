import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { repoRoot, TRAEFIK_ROUTERS_FILE } from "@de-gateway/routing";
import { generatedRoutersFile } from "./routers-file.js";

/**
 * Writes, from the services' routes.yml files and configs: Traefik's dynamic configuration, every image's
 * Dockerfile, the whole of deploy/k8s (rewritten from scratch, so nothing stale stays behind), the root
 * docker-compose.yml (every service's compose.yml included, Traefik waiting for each) and the docs service's sources.
 */
const root = repoRoot();
try {
  // Imported here: they read the workspace's manifests and routes.yml files as they load, and may fail doing so.
  const { images } = await import("./images.js");
  const { generatedDockerfile } = await import("./dockerfiles.js");
  const { generatedKubernetesFiles, K8S_DIR } = await import("./k8s/files.js");
  const { DOCS_COMPOSE, generatedDocsCompose, generatedRootCompose, ROOT_COMPOSE } = await import("./compose-files.js");
  const { gatewayServices } = await import("./workspace.js");
  const files: Array<[string, string]> = [
    [TRAEFIK_ROUTERS_FILE, generatedRoutersFile(root)],
    ...images.map((image): [string, string] => [image.dockerfile, generatedDockerfile(image, root)]),
    ...(await generatedKubernetesFiles(root)),
    [ROOT_COMPOSE, generatedRootCompose(gatewayServices, root)],
    [DOCS_COMPOSE, generatedDocsCompose(gatewayServices, root)],
  ];
  rmSync(join(root, K8S_DIR), { recursive: true, force: true });
  for (const [file, text] of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
    process.stdout.write(`wrote ${file}\n`);
  }
} catch (error) {
  process.stderr.write(`generate: ${(error as Error).message}\n`);
  process.exit(1);
}
