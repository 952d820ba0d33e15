import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ServiceRoutes } from "@de-gateway/routing";
import { fillTemplate, GENERATE_COMMAND } from "./dockerfiles.js";
import { documentSources } from "./platform-environment.js";

/** The template of the root docker-compose.yml, relative to the repository root. */
export const COMPOSE_TEMPLATE = "deploy/traefik/templates/docker-compose.yml.template";
export const ROOT_COMPOSE = "docker-compose.yml";
export const DOCS_COMPOSE = "services/docs/compose.yml";

const byPort = (services: readonly ServiceRoutes[]) => [...services].sort((a, b) => a.port - b.port);

/**
 * The root docker-compose.yml: it includes every service's own compose.yml and starts Traefik once each of them is
 * healthy, so a new service folder reaches the stack by running the generator, not by editing this file.
 */
export function generatedRootCompose(services: readonly ServiceRoutes[], root: string): string {
  const template = readFileSync(join(root, COMPOSE_TEMPLATE), "utf8");
  return fillTemplate(
    template,
    {
      generatedNotice: `# Generated from ${COMPOSE_TEMPLATE} by \`${GENERATE_COMMAND}\`: do not edit.`,
      includes: byPort(services)
        .map(({ service }) => `  - services/${service}/compose.yml`)
        .join("\n"),
      traefikDependsOn: byPort(services)
        .map(({ service }) => `      ${service}:\n        condition: service_healthy`)
        .join("\n"),
    },
    COMPOSE_TEMPLATE,
  );
}

const SOURCES_LINE = /^(\s*OPENAPI_SOURCES: )"[^"\n]*"$/m;

/**
 * The docs service's compose.yml with OPENAPI_SOURCES naming every other service (the one value of that file the
 * other services decide); the rest of the file is its team's.
 */
export function generatedDocsCompose(services: readonly ServiceRoutes[], root: string): string {
  const text = readFileSync(join(root, DOCS_COMPOSE), "utf8");
  if (!SOURCES_LINE.test(text)) throw new Error(`${DOCS_COMPOSE} has no OPENAPI_SOURCES line to fill`);
  return text.replace(SOURCES_LINE, (_line, key: string) => `${key}${JSON.stringify(documentSources(services))}`);
}
