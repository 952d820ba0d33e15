import { createPublicKey } from "node:crypto";
import { createRemoteJWKSet, errors, type JWTPayload, jwksCache, jwtVerify } from "jose";
import { KeySetVersions } from "./key-set-versions.js";
import { isStrictCompactJwt } from "./token-form.js";
import { type VerifiedTokenLimits, VerifiedTokens } from "./verified-tokens.js";

/** Only asymmetric algorithms: `none` and HS* (the RS/HS confusion attack) are refused outright. */
export const ACCEPTED_ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "EdDSA"];

export interface VerifierOptions {
  jwksUrl: string;
  issuer: string;
  audience: string;
  /** PEM public key for the service-signed token in X-Iplant-De-Jwt; that header is refused without it. */
  deJwtPublicKey?: string | undefined;
  /** What an X-Iplant-De-Jwt must say besides its signature (defaults: DEFAULT_DE_JWT_CLAIMS). */
  deJwtClaims?: DeJwtClaims;
  /**
   * How long fetched signing keys are used before they are fetched again, and the least time between two
   * fetches prompted by a token whose key is unknown (defaults: 10 min and 30 s).
   */
  signingKeys?: { maxAgeMs: number; cooldownMs: number };
  /** How many verified tokens are remembered at most, by count and by size (defaults: 10,000 and 16 MiB). */
  verifiedTokens?: Partial<VerifiedTokenLimits>;
}

/**
 * The issuer and audience an X-Iplant-De-Jwt must name, and its greatest age (from `iat`): a token of its own kind,
 * never a bearer token's, nor one the gateway signs for its backends (CoGe), nor one signed long ago.
 */
export interface DeJwtClaims {
  issuer: string;
  audience: string;
  maxAgeSeconds: number;
}

export const DEFAULT_DE_JWT_CLAIMS: DeJwtClaims = {
  issuer: "de-platform",
  audience: "de-gateway",
  maxAgeSeconds: 3600,
};

/** A token refused for its form alone, before any signature is checked. */
export class MalformedToken extends Error {}

export class IdentityProviderUnavailable extends Error {}

export interface Verifier {
  bearer(token: string): Promise<JWTPayload>;
  /**
   * The claims of a bearer token verified before, while the keys it was verified with are current; undefined when
   * it must be verified (again). Synchronous: most requests carry a token seen before, and need no promise.
   */
  rememberedBearer(token: string): JWTPayload | undefined;
  deJwt(token: string): Promise<JWTPayload>;
}

const DEFAULT_SIGNING_KEYS = { maxAgeMs: 10 * 60_000, cooldownMs: 30_000 };
const DEFAULT_VERIFIED_TOKENS: VerifiedTokenLimits = { maxEntries: 10_000, maxBytes: 16 * 1024 * 1024 };

function strict(token: string): string {
  if (!isStrictCompactJwt(token)) throw new MalformedToken("the token is not a compact JWT in canonical base64url");
  return token;
}

/**
 * Verifies tokens, remembering those that verified until their `exp`: a remembered bearer token is
 * answered only while the signing keys it was verified with are still current (fetched within their
 * maximum age, not since replaced by a rotation), otherwise it is verified again, keys refetched.
 * Tokens that fail are never remembered, so every failure is answered exactly as before.
 */
export function createVerifier(options: VerifierOptions): Verifier {
  const capacity = { ...DEFAULT_VERIFIED_TOKENS, ...options.verifiedTokens };
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
  const deJwtClaims = options.deJwtClaims ?? DEFAULT_DE_JWT_CLAIMS;
  const deJwtChecks = {
    issuer: deJwtClaims.issuer,
    audience: deJwtClaims.audience,
    maxTokenAge: deJwtClaims.maxAgeSeconds,
    requiredClaims: ["exp", "iat", "sub"],
    algorithms: ACCEPTED_ALGORITHMS,
  };

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

  // Only tokens in their strict form are remembered, so a remembered token needs no second look at its form.
  const rememberedBearer = (token: string) => (signingKeys.fresh ? bearerTokens.get(token) : undefined);

  async function verifyAndRememberBearer(token: string): Promise<JWTPayload> {
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
  }

  async function verifyAndRememberDeJwt(token: string, key: NonNullable<typeof deKey>): Promise<JWTPayload> {
    const payload = (await jwtVerify(token, key, deJwtChecks)).payload;
    deJwtTokens.remember(token, payload);
    return payload;
  }

  // Requests that arrive together with a token not yet remembered share one verification, and so one payload: a
  // token's claims are one object, which auth makes one user of.
  const bearerVerifications = new Map<string, Promise<JWTPayload>>();
  const deJwtVerifications = new Map<string, Promise<JWTPayload>>();

  return {
    rememberedBearer,
    async bearer(token) {
      const known = rememberedBearer(token);
      if (known) return known;
      strict(token);
      return sharedWhileRunning(bearerVerifications, token, () => verifyAndRememberBearer(token));
    },
    async deJwt(token) {
      if (!deKey) throw new errors.JWSSignatureVerificationFailed("X-Iplant-De-Jwt is not accepted here");
      const known = deJwtTokens.get(strict(token));
      if (known && withinAge(known, deJwtClaims.maxAgeSeconds)) return known;
      return sharedWhileRunning(deJwtVerifications, token, () => verifyAndRememberDeJwt(token, deKey));
    },
  };
}

/** The work under way for `key`, or `start()`'s, kept in `running` until it settles. */
function sharedWhileRunning<T>(running: Map<string, Promise<T>>, key: string, start: () => Promise<T>): Promise<T> {
  let pending = running.get(key);
  if (!pending) {
    pending = start().finally(() => running.delete(key));
    running.set(key, pending);
  }
  return pending;
}

/** Whether a remembered token is still younger than its greatest age (jose checks it when verifying). */
const withinAge = (claims: JWTPayload, maxAgeSeconds: number, now = Date.now() / 1000) =>
  typeof claims.iat === "number" && now - claims.iat <= maxAgeSeconds;

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
