import { DEFAULT_PORTS, serviceEnvironmentFor } from "@de-gateway/backend-simulators";
import { serviceComponents } from "./components.js";

const local = (port: number) => `http://127.0.0.1:${port}`;

/** A key the simulators made at start, which the services must be given. */
async function simulatorKey(url: string, what: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the simulators did not give ${what} (${response.status})`);
  return response.text();
}

/** Where the docs service finds the documents it merges: every other service, on its routes.yml port. */
export const documentSources = () =>
  serviceComponents()
    .filter(({ name }) => name !== "docs")
    .map(({ name, port }) => `${name}=${local(port)}`)
    .join(",");

/** What every service of the local stack is told: the simulators on their default ports, the other services. */
export async function serviceEnvironment(): Promise<Record<string, string>> {
  const idp = local(DEFAULT_PORTS.idp);
  const coge = local(DEFAULT_PORTS.coge);
  const platform = serviceEnvironmentFor({
    apps: local(DEFAULT_PORTS.apps),
    metadata: local(DEFAULT_PORTS.metadata),
    fileInfo: local(DEFAULT_PORTS.fileInfo),
    groups: local(DEFAULT_PORTS.groups),
    notifications: local(DEFAULT_PORTS.notifications),
    preferences: local(DEFAULT_PORTS.preferences),
    coge,
    datacite: local(DEFAULT_PORTS.datacite),
    idp,
    smtp: `smtp://127.0.0.1:${DEFAULT_PORTS.smtp}`,
    deJwtPublicKey: await simulatorKey(`${idp}/de-jwt-public-key`, "the identity provider's DE JWT key"),
    deJwtSigningKey: await simulatorKey(`${coge}/__sim/gateway-signing-key`, "the key CoGe trusts"),
  });
  return { ...platform, OPENAPI_SOURCES: documentSources() };
}
