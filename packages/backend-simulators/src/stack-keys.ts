import { createPublicKey, generateKeyPair } from "node:crypto";
import { promisify } from "node:util";

/**
 * The key pairs of a development stack whose halves are held by different processes, as private keys (PKCS #8 PEM):
 * made by whoever starts the stack and handed to the simulators, so that the services can be told the other halves
 * at the same moment instead of waiting for the simulators to make them.
 */
export interface StackKeys {
  /** Signs the X-Iplant-De-Jwt tokens of the identity provider; the services verify with its public half. */
  deJwtKey: string;
  /** Signs the data service's tokens for CoGe; the CoGe simulator trusts its public half. */
  gatewayKey: string;
}

/** The simulators' settings that carry the stack's keys; without them the simulators make their own. */
export const STACK_KEY_SETTINGS = { deJwtKey: "SIM_DE_JWT_KEY", gatewayKey: "SIM_GATEWAY_KEY" } as const;

const rsaPrivateKeyPem = async () =>
  (await promisify(generateKeyPair)("rsa", { modulusLength: 2048 })).privateKey
    .export({ type: "pkcs8", format: "pem" })
    .toString();

export async function generateStackKeys(): Promise<StackKeys> {
  const [deJwtKey, gatewayKey] = await Promise.all([rsaPrivateKeyPem(), rsaPrivateKeyPem()]);
  return { deJwtKey, gatewayKey };
}

/** The public half of a private key, as SPKI PEM (what DE_JWT_PUBLIC_KEY takes). */
export const publicKeyPem = (privateKeyPem: string): string =>
  createPublicKey(privateKeyPem).export({ type: "spki", format: "pem" }).toString();

/** The simulators' environment that hands them the keys. */
export const stackKeySettings = (keys: StackKeys): Record<string, string> => ({
  [STACK_KEY_SETTINGS.deJwtKey]: keys.deJwtKey,
  [STACK_KEY_SETTINGS.gatewayKey]: keys.gatewayKey,
});

/** The keys an environment hands over: both or none (then undefined); one without the other is a mistake. */
export function stackKeysFrom(environment: NodeJS.ProcessEnv): StackKeys | undefined {
  const deJwtKey = environment[STACK_KEY_SETTINGS.deJwtKey];
  const gatewayKey = environment[STACK_KEY_SETTINGS.gatewayKey];
  if (!deJwtKey && !gatewayKey) return undefined;
  if (!deJwtKey || !gatewayKey) {
    throw new Error(
      `${STACK_KEY_SETTINGS.deJwtKey} and ${STACK_KEY_SETTINGS.gatewayKey} are set together or not at all`,
    );
  }
  for (const [name, pem] of [
    [STACK_KEY_SETTINGS.deJwtKey, deJwtKey],
    [STACK_KEY_SETTINGS.gatewayKey, gatewayKey],
  ]) {
    try {
      publicKeyPem(pem as string);
    } catch {
      throw new Error(`${name} is not a private key in PEM`);
    }
  }
  return { deJwtKey, gatewayKey };
}
