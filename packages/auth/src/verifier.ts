import { createPublicKey } from "node:crypto";
import { createRemoteJWKSet, errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from "jose";

/** Only asymmetric algorithms: `none` and HS* (the RS/HS confusion attack) are refused outright. */
export const ACCEPTED_ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "EdDSA"];

export interface VerifierOptions {
  jwksUrl: string;
  issuer: string;
  audience: string;
  /** PEM public key for the service-signed token in X-Iplant-De-Jwt; that header is refused without it. */
  deJwtPublicKey?: string | undefined;
}

export class IdentityProviderUnavailable extends Error {}

export interface Verifier {
  bearer(token: string): Promise<JWTPayload>;
  deJwt(token: string): Promise<JWTPayload>;
}

export function createVerifier(options: VerifierOptions): Verifier {
  const jwks: JWTVerifyGetKey = createRemoteJWKSet(new URL(options.jwksUrl), {
    cacheMaxAge: 10 * 60_000,
    cooldownDuration: 30_000,
    timeoutDuration: 5_000,
  });
  const deKey = options.deJwtPublicKey ? createPublicKey(options.deJwtPublicKey.replace(/\\n/g, "\n")) : undefined;
  const claims = { issuer: options.issuer, audience: options.audience, algorithms: ACCEPTED_ALGORITHMS };

  return {
    async bearer(token) {
      try {
        return (await jwtVerify(token, jwks, claims)).payload;
      } catch (error) {
        if (error instanceof errors.JWKSTimeout || isFetchFailure(error)) {
          throw new IdentityProviderUnavailable("the identity provider's signing keys cannot be fetched");
        }
        throw error;
      }
    },
    async deJwt(token) {
      if (!deKey) throw new errors.JWSSignatureVerificationFailed("X-Iplant-De-Jwt is not accepted here");
      return (await jwtVerify(decodeURIComponent(token), deKey, { algorithms: ACCEPTED_ALGORITHMS })).payload;
    },
  };
}

function isFetchFailure(error: unknown): boolean {
  return (
    error instanceof TypeError ||
    (error instanceof errors.JOSEError && error.code === "ERR_JOSE_GENERIC" && /fetch|JWKS/i.test(error.message))
  );
}
