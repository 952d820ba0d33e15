import { randomUUID } from "node:crypto";
import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  importPKCS8,
  type JWK,
  SignJWT,
} from "jose";
import type { DemoServiceAccount, DemoUser } from "../demo-users.js";
import { publicKeyPem } from "../stack-keys.js";
import { DEV_AUDIENCE, DEV_CLIENT_ID, DEV_ISSUER } from "./realm-names.js";

const DEFAULT_LIFETIME_SECONDS = 8 * 3600;

/** The issuer and audience of the platform's X-Iplant-De-Jwt tokens: the gateway's defaults (AUTH_DE_JWT_*). */
export const DE_JWT_ISSUER = "de-platform";
export const DE_JWT_AUDIENCE = "de-gateway";

/** How a test bends an X-Iplant-De-Jwt: another issuer or audience, an old `iat`, no `exp` (null), more claims. */
export interface DeJwtMintOptions {
  issuer?: string;
  audience?: string;
  issuedAt?: number;
  expiresInSeconds?: number | null;
  claims?: Record<string, unknown>;
}

export interface MintOptions {
  expiresInSeconds?: number;
  /** The client the token was issued to (`azp`). */
  clientId?: string;
  issuer?: string;
  audience?: string | string[];
  /**
   * Claims that replace the user's (`sub` among them); one set to `undefined` is left out, as an identity
   * provider configured without it would.
   */
  claims?: Record<string, unknown>;
}

export interface SignOptions {
  typ: "Bearer" | "ID" | "Refresh";
  issuer: string;
  audience: string | string[];
  expiresInSeconds: number;
}

const mintSignOptions = (options: MintOptions): SignOptions => ({
  typ: "Bearer",
  issuer: options.issuer ?? DEV_ISSUER,
  audience: options.audience ?? DEV_AUDIENCE,
  expiresInSeconds: options.expiresInSeconds ?? DEFAULT_LIFETIME_SECONDS,
});

/**
 * A bearer key pair, named `dev-<generation>-<the key's own thumbprint>`: a new key never takes an earlier key's id,
 * across rotations and restarts alike, so a relying party that keeps keys by id (keycloak-connect) fetches it.
 */
async function bearerKeyPair(generation: number): Promise<{ privateKey: CryptoKey; jwk: JWK }> {
  const pair = await generateKeyPair("RS256", { extractable: true });
  const publicJwk = await exportJWK(pair.publicKey);
  const thumbprint = await calculateJwkThumbprint(publicJwk);
  const jwk = { ...publicJwk, kid: `dev-${generation}-${thumbprint.slice(0, 12)}`, alg: "RS256", use: "sig" };
  return { privateKey: pair.privateKey, jwk };
}

/** The generation a bearer key's id names. */
const generationOf = (kid: unknown) => Number(/^dev-(\d+)-/.exec(String(kid))?.[1] ?? 0);

/** Signing keys of the development identity provider: one for bearer tokens, one for X-Iplant-De-Jwt. */
export class SigningKeys {
  private constructor(
    private readonly bearerKey: CryptoKey,
    readonly jwk: JWK,
    private readonly deJwtKey: CryptoKey,
    readonly deJwtPublicKeyPem: string,
    /** Public keys of earlier generations, still published so that tokens they signed keep verifying. */
    private readonly retired: readonly JWK[] = [],
  ) {}

  /** A new bearer key; the X-Iplant-De-Jwt key given (a private key in PKCS #8 PEM) or a new one too. */
  static async generate(deJwtKeyPem?: Promise<string>): Promise<SigningKeys> {
    const bearer = await bearerKeyPair(1);
    if (deJwtKeyPem) {
      const pem = await deJwtKeyPem;
      return new SigningKeys(bearer.privateKey, bearer.jwk, await importPKCS8(pem, "RS256"), publicKeyPem(pem));
    }
    const deJwt = await generateKeyPair("RS256", { extractable: true });
    return new SigningKeys(bearer.privateKey, bearer.jwk, deJwt.privateKey, await exportSPKI(deJwt.publicKey));
  }

  /** The JWKS: the current bearer key first, then the retired ones. */
  get published(): JWK[] {
    return [this.jwk, ...this.retired];
  }

  /**
   * A key rotation as Keycloak does it: a new bearer key (next `kid`) signs from now on, the old one stays
   * published as a passive key, or is withdrawn at once with `keepOld: false` (tokens it signed stop verifying
   * once the keys are fetched again). The X-Iplant-De-Jwt key is not rotated.
   */
  async rotated({ keepOld = true }: { keepOld?: boolean } = {}): Promise<SigningKeys> {
    const generation = generationOf(this.jwk.kid) + 1;
    const bearer = await bearerKeyPair(generation);
    const retired = keepOld ? this.published : [];
    return new SigningKeys(bearer.privateKey, bearer.jwk, this.deJwtKey, this.deJwtPublicKeyPem, retired);
  }

  /** Signs a token of the realm with the current bearer key; `typ` is Keycloak's kind (Bearer, ID, Refresh). */
  sign(claims: Record<string, unknown>, options: SignOptions): Promise<string> {
    return new SignJWT({ typ: options.typ, ...claims })
      .setProtectedHeader({ alg: "RS256", kid: this.jwk.kid, typ: "JWT" })
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(Math.floor(Date.now() / 1000) + options.expiresInSeconds)
      .sign(this.bearerKey);
  }

  /** A bearer token shaped like a Keycloak access token. */
  mint(user: DemoUser, options: MintOptions = {}): Promise<string> {
    return this.sign(
      {
        sub: user.username,
        azp: options.clientId ?? DEV_CLIENT_ID,
        preferred_username: user.username,
        email: user.email,
        given_name: user.firstName,
        family_name: user.lastName,
        name: `${user.firstName} ${user.lastName}`,
        groups: user.groups,
        entitlement: user.groups,
        realm_access: { roles: user.groups },
        ...options.claims,
      },
      mintSignOptions(options),
    );
  }

  /** A service account's own token, as Keycloak's client credentials grant issues it. */
  mintServiceToken(
    account: Pick<DemoServiceAccount, "clientId" | "roles">,
    options: MintOptions = {},
  ): Promise<string> {
    return this.sign(
      {
        sub: `service-account-${account.clientId}`,
        azp: account.clientId,
        client_id: account.clientId,
        preferred_username: `service-account-${account.clientId}`,
        realm_access: { roles: account.roles },
        ...options.claims,
      },
      mintSignOptions(options),
    );
  }

  /** A service-signed token for the X-Iplant-De-Jwt header. */
  mintDeJwt(user: DemoUser, options: DeJwtMintOptions = {}): Promise<string> {
    const issuedAt = options.issuedAt ?? Math.floor(Date.now() / 1000);
    const token = new SignJWT({
      email: user.email,
      given_name: user.firstName,
      family_name: user.lastName,
      name: `${user.firstName} ${user.lastName}`,
      entitlement: user.groups,
      ...options.claims,
    })
      .setProtectedHeader({ alg: "RS256", typ: "JWT" })
      .setSubject(user.username)
      .setIssuer(options.issuer ?? DE_JWT_ISSUER)
      .setAudience(options.audience ?? DE_JWT_AUDIENCE)
      .setIssuedAt(issuedAt);
    const lifetime = options.expiresInSeconds === undefined ? 3600 : options.expiresInSeconds;
    if (lifetime !== null) token.setExpirationTime(issuedAt + lifetime);
    return token.sign(this.deJwtKey);
  }
}
