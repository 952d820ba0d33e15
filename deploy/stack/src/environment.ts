import { DEFAULT_PORTS, serviceEnvironmentFor } from "@de-gateway/backend-simulators";

const local = (port: number) => `http://127.0.0.1:${port}`;

/** A key the simulators made at start, which the services must be given. */
async function simulatorKey(url: string, what: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the simulators did not give ${what} (${response.status})`);
  return response.text();
}

/** What every service of the local stack is told about the simulators running on their default ports. */
export async function serviceEnvironment(): Promise<Record<string, string>> {
  const idp = local(DEFAULT_PORTS.idp);
  const coge = local(DEFAULT_PORTS.coge);
  return serviceEnvironmentFor({
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
}
