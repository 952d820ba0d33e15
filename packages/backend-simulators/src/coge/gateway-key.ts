import { createPublicKey, type KeyObject } from "node:crypto";

/**
 * The key pair the gateway signs its `X-Iplant-De-Jwt` for CoGe with: the private half goes to the
 * services (DE_JWT_SIGNING_KEY), the public half is what the CoGe simulator trusts.
 */
export interface GatewaySigningKey {
  privateKeyPem: string;
  publicKey: KeyObject;
}

/** The pair of a private key in PKCS #8 PEM (`StackKeys.gatewayKey`). */
export const gatewaySigningKey = (privateKeyPem: string): GatewaySigningKey => ({
  privateKeyPem,
  publicKey: createPublicKey(privateKeyPem),
});
