import { type CryptoKey, exportJWK, exportSPKI, generateKeyPair, type JWK, SignJWT } from "jose";
import type { DemoUser } from "../demo-users.js";

export const DEV_ISSUER = "http://localhost:4007/realms/de";
export const DEV_AUDIENCE = "de-gateway";

export interface MintOptions {
  expiresInSeconds?: number;
  issuer?: string;
  audience?: string;
}

/** Signing keys of the development identity provider: one for bearer tokens, one for X-Iplant-De-Jwt. */
export class SigningKeys {
  private constructor(
    /** Counts bearer keys: 1 at start, one more per rotation; the key's `kid` is `dev-<generation>`. */
    private readonly generation: number,
    private readonly bearerKey: CryptoKey,
    readonly jwk: JWK,
    private readonly deJwtKey: CryptoKey,
    readonly deJwtPublicKeyPem: string,
  ) {}

  static async generate(): Promise<SigningKeys> {
    const deJwt = await generateKeyPair("RS256", { extractable: true });
    return SigningKeys.withBearerKey(1, deJwt.privateKey, await exportSPKI(deJwt.publicKey));
  }

  private static async withBearerKey(generation: number, deJwtKey: CryptoKey, deJwtPem: string): Promise<SigningKeys> {
    const bearer = await generateKeyPair("RS256", { extractable: true });
    const jwk = { ...(await exportJWK(bearer.publicKey)), kid: `dev-${generation}`, alg: "RS256", use: "sig" };
    return new SigningKeys(generation, bearer.privateKey, jwk, deJwtKey, deJwtPem);
  }

  /** A key rotation: a new bearer signing key under a new `kid`, the only one published from then on. */
  rotated(): Promise<SigningKeys> {
    return SigningKeys.withBearerKey(this.generation + 1, this.deJwtKey, this.deJwtPublicKeyPem);
  }

  /** A bearer token shaped like a Keycloak access token. */
  mint(user: DemoUser, options: MintOptions = {}): Promise<string> {
    return new SignJWT({
      preferred_username: user.username,
      email: user.email,
      given_name: user.firstName,
      family_name: user.lastName,
      name: `${user.firstName} ${user.lastName}`,
      groups: user.groups,
      realm_access: { roles: user.groups },
    })
      .setProtectedHeader({ alg: "RS256", kid: `dev-${this.generation}`, typ: "JWT" })
      .setSubject(user.username)
      .setIssuer(options.issuer ?? DEV_ISSUER)
      .setAudience(options.audience ?? DEV_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + (options.expiresInSeconds ?? 8 * 3600))
      .sign(this.bearerKey);
  }

  /** A service-signed token for the X-Iplant-De-Jwt header. */
  mintDeJwt(user: DemoUser): Promise<string> {
    return new SignJWT({
      email: user.email,
      given_name: user.firstName,
      family_name: user.lastName,
      name: `${user.firstName} ${user.lastName}`,
      entitlement: user.groups,
    })
      .setProtectedHeader({ alg: "RS256", typ: "JWT" })
      .setSubject(user.username)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(this.deJwtKey);
  }
}
