import { DEFAULT_PORTS, serviceEnvironmentFor } from "@de-gateway/backend-simulators";
import { serviceComponents } from "./components.js";

const local = (port: number) => `http://127.0.0.1:${port}`;

/** Where the docs service finds the documents it merges: every other service, on its routes.yml port. */
export const documentSources = () =>
  serviceComponents()
    .filter(({ name }) => name !== "docs")
    .map(({ name, port }) => `${name}=${local(port)}`)
    .join(",");

/** What every service of the local stack is told: the simulators on their default ports, the other services. */
export async function serviceEnvironment(): Promise<Record<string, string>> {
  const idp = local(DEFAULT_PORTS.idp);
  const response = await fetch(`${idp}/de-jwt-public-key`);
  if (!response.ok) throw new Error(`the identity provider did not give its DE JWT key (${response.status})`);
  const platform = serviceEnvironmentFor({
    apps: local(DEFAULT_PORTS.apps),
    metadata: local(DEFAULT_PORTS.metadata),
    fileInfo: local(DEFAULT_PORTS.fileInfo),
    groups: local(DEFAULT_PORTS.groups),
    notifications: local(DEFAULT_PORTS.notifications),
    preferences: local(DEFAULT_PORTS.preferences),
    idp,
    smtp: `smtp://127.0.0.1:${DEFAULT_PORTS.smtp}`,
    deJwtPublicKey: await response.text(),
  });
  return { ...platform, OPENAPI_SOURCES: documentSources() };
}
