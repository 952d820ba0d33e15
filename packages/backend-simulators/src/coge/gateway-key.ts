import { generateKeyPair, type KeyObject } from "node:crypto";
import { promisify } from "node:util";

/**
 * The key pair the gateway signs its `X-Iplant-De-Jwt` for CoGe with: the private half goes to the
 * services (DE_JWT_SIGNING_KEY), the public half is what the CoGe simulator trusts.
 */
export interface GatewaySigningKey {
  privateKeyPem: string;
  publicKey: KeyObject;
}

export async function generateGatewaySigningKey(): Promise<GatewaySigningKey> {
  const { privateKey, publicKey } = await promisify(generateKeyPair)("rsa", { modulusLength: 2048 });
  return { privateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(), publicKey };
}
