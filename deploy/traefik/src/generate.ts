import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot, TRAEFIK_ROUTERS_FILE } from "@de-gateway/routing";
import { generatedRoutersFile } from "./routers-file.js";

/** Writes Traefik's dynamic configuration from the services' routes.yml files, and every image's Dockerfile. */
const root = repoRoot();
try {
  // Imported here: they read the workspace's manifests and routes.yml files as they load, and may fail doing so.
  const { images } = await import("./images.js");
  const { generatedDockerfile } = await import("./dockerfiles.js");
  const files: Array<[string, string]> = [
    [TRAEFIK_ROUTERS_FILE, generatedRoutersFile(root)],
    ...images.map((image): [string, string] => [image.dockerfile, generatedDockerfile(image, root)]),
  ];
  for (const [file, text] of files) {
    writeFileSync(join(root, file), text);
    process.stdout.write(`wrote ${file}\n`);
  }
} catch (error) {
  process.stderr.write(`generate: ${(error as Error).message}\n`);
  process.exit(1);
}
