import type { JWTPayload } from "jose";

export interface AuthUser {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  commonName: string;
  isAdmin: boolean;
  groups: string[];
}

const SERVICE_ACCOUNT_PREFIX = "service-account-";

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
