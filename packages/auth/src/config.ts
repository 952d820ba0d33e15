import { type Static, Type } from "typebox";
import type { AuthOptions } from "./plugin.js";

/** Environment the auth plugin reads; every service that has secured routes includes it. */
export const AuthConfig = {
  AUTH_JWKS_URL: Type.String({ pattern: "^https?://" }),
  AUTH_ISSUER: Type.String({ minLength: 1 }),
  AUTH_AUDIENCE: Type.String({ minLength: 1 }),
  AUTH_ADMIN_GROUPS: Type.String({ default: "de-admins" }),
  DE_JWT_PUBLIC_KEY: Type.Optional(Type.String()),
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
  };
}
