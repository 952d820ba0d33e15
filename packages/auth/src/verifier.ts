import { createPublicKey } from "node:crypto";
import { createRemoteJWKSet, errors, type JWTPayload, jwksCache, jwtVerify } from "jose";
import { KeySetVersions } from "./key-set-versions.js";
import { VerifiedTokens } from "./verified-tokens.js";

/** Only asymmetric algorithms: `none` and HS* (the RS/HS confusion attack) are refused outright. */
export const ACCEPTED_ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "EdDSA"];

export interface VerifierOptions {
  jwksUrl: string;
  issuer: string;
  audience: string;
  /** PEM public key for the service-signed token in X-Iplant-De-Jwt; that header is refused without it. */
  deJwtPublicKey?: string | undefined;
  /**
   * How long fetched signing keys are used before they are fetched again, and the least time between two
   * fetches prompted by a token whose key is unknown (defaults: 10 min and 30 s).
   */
  signingKeys?: { maxAgeMs: number; cooldownMs: number };
  /** How many verified tokens are remembered at most (default 10,000). */
  verifiedTokens?: number;
}

export class IdentityProviderUnavailable extends Error {}

export interface Verifier {
  bearer(token: string): Promise<JWTPayload>;
  deJwt(token: string): Promise<JWTPayload>;
}

const DEFAULT_SIGNING_KEYS = { maxAgeMs: 10 * 60_000, cooldownMs: 30_000 };
const DEFAULT_VERIFIED_TOKENS = 10_000;

/**
 * Verifies tokens, remembering those that verified until their `exp`: a remembered bearer token is
 * answered only while the signing keys it was verified with are still current (fetched within their
 * maximum age, not since replaced by a rotation), otherwise it is verified again, keys refetched.
 * Tokens that fail are never remembered, so every failure is answered exactly as before.
 */
export function createVerifier(options: VerifierOptions): Verifier {
  const capacity = options.verifiedTokens ?? DEFAULT_VERIFIED_TOKENS;
  const bearerTokens = new VerifiedTokens(capacity);
  const deJwtTokens = new VerifiedTokens(capacity);
  const keySet = new KeySetVersions(() => bearerTokens.clear());
  const timing = options.signingKeys ?? DEFAULT_SIGNING_KEYS;
  const signingKeys = createRemoteJWKSet(new URL(options.jwksUrl), {
    cacheMaxAge: timing.maxAgeMs,
    cooldownDuration: timing.cooldownMs,
    timeoutDuration: 5_000,
    [jwksCache]: keySet.record,
  });
  const deKey = options.deJwtPublicKey ? createPublicKey(options.deJwtPublicKey.replace(/\\n/g, "\n")) : undefined;
  const claims = { issuer: options.issuer, audience: options.audience, algorithms: ACCEPTED_ALGORITHMS };

  async function verifyBearer(token: string): Promise<JWTPayload> {
    try {
      return (await jwtVerify(token, signingKeys, claims)).payload;
    } catch (error) {
      if (error instanceof errors.JWKSTimeout || isFetchFailure(error)) {
        throw new IdentityProviderUnavailable("the identity provider's signing keys cannot be fetched");
      }
      throw error;
    }
  }

  return {
    async bearer(token) {
      if (signingKeys.fresh) {
        const known = bearerTokens.get(token);
        if (known) return known;
      }
      const version = keySet.current();
      try {
        const payload = await verifyBearer(token);
        // Verified with keys a concurrent fetch has just replaced: answer, but do not remember.
        if (keySet.current() === version) bearerTokens.remember(token, payload);
        return payload;
      } catch (error) {
        keySet.current(); // a failed verification may have fetched rotated keys
        throw error;
      }
    },
    async deJwt(token) {
      if (!deKey) throw new errors.JWSSignatureVerificationFailed("X-Iplant-De-Jwt is not accepted here");
      const known = deJwtTokens.get(token);
      if (known) return known;
      const payload = (await jwtVerify(decodeURIComponent(token), deKey, { algorithms: ACCEPTED_ALGORITHMS })).payload;
      deJwtTokens.remember(token, payload);
      return payload;
    },
  };
}

/**
 * The key set could not be had: no connection (fetch's TypeError), or an answer that is no key set (jose's
 * plain JOSEError for a non-200 or non-JSON answer, JWKSInvalid for JSON of the wrong form). Either way the
 * identity provider is at fault, not the token.
 */
function isFetchFailure(error: unknown): boolean {
  return (
    error instanceof TypeError ||
    error instanceof errors.JWKSInvalid ||
    (error instanceof errors.JOSEError && error.code === "ERR_JOSE_GENERIC")
  );
}
