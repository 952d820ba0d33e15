import { type Static, Type } from "typebox";
import type { AuthOptions } from "./plugin.js";
import { DEFAULT_DE_JWT_CLAIMS } from "./verifier.js";

/** Environment the auth plugin reads; every service that has secured routes includes it. */
export const AuthConfig = {
  AUTH_JWKS_URL: Type.String({ pattern: "^https?://" }),
  AUTH_ISSUER: Type.String({ minLength: 1 }),
  AUTH_AUDIENCE: Type.String({ minLength: 1 }),
  AUTH_ADMIN_GROUPS: Type.String({ default: "de-admins" }),
  DE_JWT_PUBLIC_KEY: Type.Optional(Type.String()),
  /** What an X-Iplant-De-Jwt must name: never the bearer tokens' values, nor those of the tokens signed for CoGe. */
  AUTH_DE_JWT_ISSUER: Type.String({ minLength: 1, default: DEFAULT_DE_JWT_CLAIMS.issuer }),
  AUTH_DE_JWT_AUDIENCE: Type.String({ minLength: 1, default: DEFAULT_DE_JWT_CLAIMS.audience }),
  /** The greatest age of an X-Iplant-De-Jwt, from its `iat`, whatever its `exp` says. */
  AUTH_DE_JWT_MAX_AGE_SECONDS: Type.Integer({ minimum: 1, default: DEFAULT_DE_JWT_CLAIMS.maxAgeSeconds }),
  /** Comma-separated realm roles a service account's token needs on `service` routes; none accepted when empty. */
  AUTH_SERVICE_ROLES: Type.String({ default: "" }),
};

const AuthConfigObject = Type.Object(AuthConfig);

const commaList = (value: string) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

export function authOptionsFrom(config: Static<typeof AuthConfigObject>): AuthOptions {
  return {
    jwksUrl: config.AUTH_JWKS_URL,
    issuer: config.AUTH_ISSUER,
    audience: config.AUTH_AUDIENCE,
    adminGroups: commaList(config.AUTH_ADMIN_GROUPS),
    serviceRoles: commaList(config.AUTH_SERVICE_ROLES),
    deJwtPublicKey: config.DE_JWT_PUBLIC_KEY,
    deJwtClaims: {
      issuer: config.AUTH_DE_JWT_ISSUER,
      audience: config.AUTH_DE_JWT_AUDIENCE,
      maxAgeSeconds: config.AUTH_DE_JWT_MAX_AGE_SECONDS,
    },
  };
}
