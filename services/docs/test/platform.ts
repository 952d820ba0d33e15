import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { SimulatedPlatform } from "@de-gateway/backend-simulators";
import { loadServiceRoutes, repoRoot } from "@de-gateway/routing";
import { loadConfig, type Service } from "@de-gateway/service-kit";
import type { TObject } from "typebox";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";

const root = repoRoot();

/** Every service with a routes.yml except docs itself: the services whose documents are merged. */
export const documentedServices = loadServiceRoutes(root)
  .map(({ service }) => service)
  .filter((service) => service !== "docs");

interface ServiceModules {
  Config: TObject;
  buildApp: (config: unknown) => Promise<Service>;
}

/** Builds one service from its own sources, configured for the simulators, listening on a free loopback port. */
async function startService(
  name: string,
  env: Record<string, string>,
  port = 0,
): Promise<{ app: Service; origin: string }> {
  const { Config: ServiceConfig } = (await import(join(root, "services", name, "src", "config.ts"))) as ServiceModules;
  const { buildApp: build } = (await import(join(root, "services", name, "src", "app.ts"))) as ServiceModules;
  const app = await build(loadConfig(ServiceConfig, env));
  await app.listen({ port, host: "127.0.0.1" });
  return { app, origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** The simulators, every documented service on its own port, and the docs service merging their documents. */
export async function startDocumentedStack(env: Record<string, string> = {}) {
  const platform = await SimulatedPlatform.start();
  const serviceEnv = { ...(await platform.env()), LOG_LEVEL: "silent" };
  const services = await Promise.all(documentedServices.map((name) => startService(name, serviceEnv)));
  const docs = await buildApp(
    loadConfig(Config, {
      LOG_LEVEL: "silent",
      OPENAPI_SOURCES: documentedServices.map((name, index) => `${name}=${services[index]?.origin}`).join(","),
      ...env,
    }),
  );
  await docs.ready();
  const running = new Map(
    documentedServices.map((name, index) => [name, services[index] as { app: Service; origin: string }]),
  );
  const port = (name: string) => Number(new URL(running.get(name)?.origin ?? "").port);
  return {
    docs,
    /** Stops one service (connections refused on its port). */
    stop: (name: string) => running.get(name)?.app.close(),
    /** Starts one stopped service again, on the port the docs service knows. */
    async restart(name: string) {
      running.set(name, await startService(name, serviceEnv, port(name)));
    },
    async close() {
      await docs.close();
      await Promise.all([...running.values()].map(({ app }) => app.close()));
      await platform.stop();
    },
  };
}
