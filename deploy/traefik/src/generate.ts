import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot, TRAEFIK_ROUTERS_FILE } from "@de-gateway/routing";
import { generatedRoutersFile } from "./routers-file.js";

/** Writes Traefik's dynamic configuration from the services' routes.yml files. */
const root = repoRoot();
try {
  writeFileSync(join(root, TRAEFIK_ROUTERS_FILE), generatedRoutersFile(root));
  process.stdout.write(`wrote ${TRAEFIK_ROUTERS_FILE}\n`);
} catch (error) {
  process.stderr.write(`generate: ${(error as Error).message}\n`);
  process.exit(1);
}
