import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ENCODED_CHARACTER_OPTIONS, readEntryPointSettings, TRAEFIK_STATIC_CONFIG } from "@de-gateway/routing";
import { describe, expect, it } from "vitest";
import { isMap, isScalar, parse, parseDocument } from "yaml";
import { DEVELOPMENT_COMPOSE } from "../src/compose-files.js";
import { ENTRY_POINT } from "../src/routers-file.js";
import { root } from "../src/workspace.js";
import { renderCompose } from "./compose-model.js";
import { traefikStaticErrors, withPlantedField } from "./upstream-schemas.js";

const file = join(root, TRAEFIK_STATIC_CONFIG);
const text = readFileSync(file, "utf8");
const config = parse(text);
// Traefik as the development stack runs it: the base, with the development routes mounted beside the routers.
const traefik = renderCompose(DEVELOPMENT_COMPOSE).find((service) => service.name === "traefik");

describe("Traefik static configuration", () => {
  it("is valid against SchemaStore's Traefik v3 static-configuration schema, made strict, with the overlay's sanitizePath", () => {
    expect(traefikStaticErrors(config)).toEqual([]);
  });

  it("fails that schema with a misspelt entrypoint, timeout, encoded-character or provider field", () => {
    const misspelt = (path: string[], field: string) => traefikStaticErrors(withPlantedField(config, path, field));
    for (const [path, field] of [
      [["entryPoints", ENTRY_POINT], "adress"],
      [["entryPoints", ENTRY_POINT, "http"], "sanitizePaths"],
      [["entryPoints", ENTRY_POINT, "http", "encodedCharacters"], "allowEncodedSlashes"],
      [["entryPoints", ENTRY_POINT, "transport", "respondingTimeouts"], "readTimeOut"],
      [["providers", "file"], "watchh"],
      [["metrics", "prometheus"], "addRouterLabels"],
    ] as const) {
      expect(misspelt([...path], field), `${path.join(".")}.${field}`).toContainEqual(
        expect.stringMatching(new RegExp(`additional properties: ${field}$`)),
      );
    }
  });

  it("gives large uploads hours, not Traefik's default 60 s, and passes a query's raw ';' on as itself", () => {
    const web = config.entryPoints[ENTRY_POINT];
    const readTimeout = String(web.transport.respondingTimeouts.readTimeout);
    const hours = { h: 1, m: 1 / 60, s: 1 / 3600 }[readTimeout.slice(-1)] ?? 0;
    expect(Number.parseFloat(readTimeout) * hours).toBeGreaterThanOrEqual(1);
    expect(web.http.encodeQuerySemicolons).toBe(true);
  });

  it("keeps the dashboard off and the access log on", () => {
    expect(config.api).toBeUndefined();
    expect(config.accessLog).toEqual({});
  });

  it("listens for the URL space on the port docker-compose publishes, and pings on an unpublished one", () => {
    expect(config.entryPoints[ENTRY_POINT].address).toBe(":8080");
    expect(traefik?.definition.ports).toEqual(["127.0.0.1:8080:8080"]);
    expect(config.ping.entryPoint).not.toBe(ENTRY_POINT);
    expect(config.entryPoints[config.ping.entryPoint].address).not.toBe(":8080");
  });

  it("serves its own Prometheus metrics on the unpublished entrypoint only", () => {
    const metricsEntryPoint = config.metrics.prometheus.entryPoint;
    expect(metricsEntryPoint).not.toBe(ENTRY_POINT);
    expect(config.entryPoints[metricsEntryPoint].address).not.toBe(":8080");
    expect(
      traefik?.definition.ports?.some((port) => String(port).endsWith(config.entryPoints[metricsEntryPoint].address)),
    ).toBe(false);
  });

  it("reads the dynamic configuration from the folder where docker-compose mounts each file read-only", () => {
    const directory = config.providers.file.directory;
    expect(traefik?.definition.volumes).toEqual([
      "../traefik/traefik.yml:/etc/traefik/traefik.yml:ro",
      `../traefik/dynamic/routers.yml:${directory}/routers.yml:ro`,
      `../traefik/development/dev-tools.yml:${directory}/dev-tools.yml:ro`,
    ]);
    expect(config.providers.file.watch).toBe(true);
  });

  it("sets every encoded-character option explicitly, each with a comment saying why", () => {
    const node = parseDocument(text).getIn(["entryPoints", ENTRY_POINT, "http", "encodedCharacters"], true);
    if (!isMap(node)) throw new Error("entryPoints.web.http.encodedCharacters is not a map");
    const reasons = node.items.map((pair, index) => {
      const key = isScalar(pair.key) ? String(pair.key.value) : "";
      const comment =
        (isScalar(pair.key) ? pair.key.commentBefore : undefined) ?? (index === 0 ? node.commentBefore : undefined);
      return [key, comment?.trim() ?? ""] as const;
    });
    expect(reasons.map(([key]) => key).sort()).toEqual(Object.keys(ENCODED_CHARACTER_OPTIONS).sort());
    for (const [key, reason] of reasons) expect(reason, `${key} has no comment`).not.toBe("");
  });

  it("lets %2F through for IRIs and names, and refuses %5C and %00", () => {
    const { policy, sanitizePath } = readEntryPointSettings(file, ENTRY_POINT);
    expect(policy.allowEncodedSlash).toBe(true);
    expect(policy.allowEncodedBackSlash).toBe(false);
    expect(policy.allowEncodedNullCharacter).toBe(false);
    expect(sanitizePath).toBe(true);
  });
});
