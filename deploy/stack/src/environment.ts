import { DEFAULT_PORTS, serviceEnvironmentFor } from "@de-gateway/backend-simulators";

const local = (port: number) => `http://127.0.0.1:${port}`;

/** What every service of the local stack is told about the simulators running on their default ports. */
export async function serviceEnvironment(): Promise<Record<string, string>> {
  const idp = local(DEFAULT_PORTS.idp);
  const response = await fetch(`${idp}/de-jwt-public-key`);
  if (!response.ok) throw new Error(`the identity provider did not give its DE JWT key (${response.status})`);
  return serviceEnvironmentFor({
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
}
