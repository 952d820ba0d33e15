import { createPrivateKey, type KeyObject, sign } from "node:crypto";
import type { AuthUser } from "@de-gateway/auth";
import { ConfigError } from "@de-gateway/service-kit";

export const DE_JWT_HEADER = "x-iplant-de-jwt";

/** How long a signed token is valid: long enough for one backend call, as terrain does it. */
const VALIDITY_SECONDS = 300;
/**
 * Who signs these tokens and for whom: never the issuer and audience the gateway accepts in X-Iplant-De-Jwt
 * (AUTH_DE_JWT_*), so that a token signed for a backend is not taken back as a caller's, even were the two key
 * pairs mixed up (they must differ: docs/security.md).
 */
export const BACKEND_TOKEN_ISSUER = "de-gateway";
export const BACKEND_TOKEN_AUDIENCE = "de-backends";

const encoded = (part: object) => Buffer.from(JSON.stringify(part)).toString("base64url");

/**
 * Signs the token the gateway vouches for a caller with (`X-Iplant-De-Jwt`), for backends such as CoGe
 * that trust the platform's signature instead of the identity provider's. RS256, like terrain's default.
 * Signing is synchronous so that the header can be set on streamed forwards too.
 */
export class DeJwtSigner {
  private readonly key: KeyObject;

  constructor(pem: string) {
    try {
      this.key = createPrivateKey(pem.replace(/\\n/g, "\n"));
    } catch (error) {
      throw new ConfigError(`DE_JWT_SIGNING_KEY is not a readable PEM private key: ${(error as Error).message}`);
    }
    if (this.key.asymmetricKeyType !== "rsa") {
      throw new ConfigError("DE_JWT_SIGNING_KEY must be an RSA private key: tokens are signed with RS256");
    }
  }

  tokenFor(user: AuthUser, now: number = Date.now()): string {
    const issuedAt = Math.floor(now / 1000);
    const claims = {
      sub: user.username,
      email: user.email,
      given_name: user.firstName,
      family_name: user.lastName,
      name: user.commonName,
      iss: BACKEND_TOKEN_ISSUER,
      aud: BACKEND_TOKEN_AUDIENCE,
      iat: issuedAt,
      exp: issuedAt + VALIDITY_SECONDS,
    };
    const signed = `${encoded({ alg: "RS256", typ: "JWT" })}.${encoded(claims)}`;
    return `${signed}.${sign("sha256", Buffer.from(signed), this.key).toString("base64url")}`;
  }
}
