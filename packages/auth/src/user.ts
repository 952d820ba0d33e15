import type { JWTPayload } from "jose";

export interface AuthUser {
  /** Absent for a signed-in user; a visitor without a token, or a service account's own token. */
  kind?: "anonymous" | "service-account";
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  commonName: string;
  isAdmin: boolean;
  groups: string[];
}

const SERVICE_ACCOUNT_PREFIX = "service-account-";

/**
 * The caller of an `optional` route who sent no token: the name the platform's backends know visitors by
 * (the data store's anonymous account, the apps backend's public views), as the reference gateway sends it.
 */
export const ANONYMOUS_USER: Readonly<AuthUser> = Object.freeze({
  kind: "anonymous",
  username: "anonymous",
  email: "",
  firstName: "",
  lastName: "",
  commonName: "",
  isAdmin: false,
  groups: [],
});

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

/** Groups or roles the token carries, wherever the identity provider puts them. */
function groupsOf(claims: JWTPayload): string[] {
  const realmAccess = claims.realm_access as { roles?: unknown } | undefined;
  return [...new Set([...strings(claims.groups), ...strings(claims.entitlement), ...strings(realmAccess?.roles)])];
}

/**
 * Maps verified claims to the user; the username always comes from the token, never from parameters. It is the
 * identity provider's `preferred_username` in a bearer token (its `sub` is an opaque id) and the `sub` of the
 * platform's own X-Iplant-De-Jwt, as in the reference gateway, which also refuses service accounts as users.
 */
export function userFromClaims(
  claims: JWTPayload,
  adminGroups: readonly string[],
  usernameClaim: "preferred_username" | "sub",
): AuthUser | undefined {
  const username = text(claims[usernameClaim]);
  // Keycloak names a client's own token (client credentials) `service-account-<client>`: a machine, not a user.
  if (!username || (usernameClaim === "preferred_username" && username.startsWith(SERVICE_ACCOUNT_PREFIX))) {
    return undefined;
  }
  const groups = groupsOf(claims);
  const firstName = text(claims.given_name);
  const lastName = text(claims.family_name);
  return {
    username,
    email: text(claims.email),
    firstName,
    lastName,
    commonName: text(claims.name) || `${firstName} ${lastName}`.trim(),
    groups,
    isAdmin: groups.some((group) => adminGroups.includes(group)),
  };
}

/**
 * A Keycloak service account's own token (client credentials grant): `preferred_username` is
 * `service-account-<client>`, and its realm roles say what the platform lets it do. Undefined for any other token.
 */
export function serviceAccountFromClaims(claims: JWTPayload): AuthUser | undefined {
  const username = text(claims.preferred_username);
  if (!username.startsWith(SERVICE_ACCOUNT_PREFIX)) return undefined;
  const realmAccess = claims.realm_access as { roles?: unknown } | undefined;
  return {
    kind: "service-account",
    username,
    email: "",
    firstName: "",
    lastName: "",
    commonName: text(claims.azp) || username.slice(SERVICE_ACCOUNT_PREFIX.length),
    isAdmin: false,
    groups: strings(realmAccess?.roles),
  };
}
