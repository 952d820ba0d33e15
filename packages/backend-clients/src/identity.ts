import type { AuthUser } from "@de-gateway/auth";
import { GatewayError } from "@de-gateway/service-kit";
import { DE_JWT_HEADER, DeJwtSigner } from "./de-jwt-signer.js";

/** How a backend learns who the caller is. `keys` are removed from whatever the caller sent. */
export interface Identity {
  keys: readonly string[];
  params(user: AuthUser): Record<string, string>;
  /**
   * Headers that tell the backend who calls, or that the gateway may call it at all; `user` is absent on
   * anonymous calls. They replace any same-named header.
   */
  headers?(user: AuthUser | undefined): Record<string, string>;
}

/** Secrets some roles need (see `backendSettings`). */
export interface BackendCredentials {
  /** PEM RSA private key signing the `X-Iplant-De-Jwt` that CoGe trusts. */
  deJwtSigningKey?: string;
  /** The DataCite repository account. */
  datacite?: { username: string; password: string };
  /** The domain that qualifies usernames for the backends that want them qualified (the analyses service). */
  userDomain?: string;
}

/** Most backends take the caller as `?user=`. */
export const userParam: Identity = {
  keys: ["user"],
  params: (user) => ({ user: user.username }),
};

/**
 * The analyses service takes the caller as `?user=<username>@<domain>`, the full username, as the reference sends
 * it; the domain is the deployment's (`USER_DOMAIN`). The reference sends nothing else about the caller, so the
 * e-mail and names a caller may add are dropped too.
 */
export function qualifiedUserParam(domain: string | undefined): Identity {
  return {
    keys: ["user", "email", "first-name", "last-name"],
    params(user) {
      if (!domain) throw notConfigured("the domain of qualified usernames (USER_DOMAIN)");
      return { user: `${user.username}@${domain}` };
    },
  };
}

/**
 * The apps backend also wants the caller's e-mail and name with every request. It refuses a blank one (a token
 * without a family name, say), so a blank claim is left out, as terrain leaves it out.
 */
export const appsUserParams: Identity = {
  keys: ["user", "email", "first-name", "last-name"],
  params(user) {
    const params: Record<string, string> = { user: user.username };
    if (user.email.trim()) params.email = user.email;
    if (user.firstName.trim()) params["first-name"] = user.firstName;
    if (user.lastName.trim()) params["last-name"] = user.lastName;
    return params;
  },
};

/**
 * No caller parameter: the preferences backend has the user in the path (the service puts it there), and the
 * permissions service trusts the platform's services. A caller's `user` is still stripped.
 */
export const noUserParam: Identity = { keys: ["user"], params: () => ({}) };

const notConfigured = (what: string) =>
  new GatewayError(503, `${what} is not configured in this deployment`, "ERR_UNAVAILABLE");

/**
 * CoGe learns the caller from a JWT the gateway signs (`X-Iplant-De-Jwt`), as terrain sends it; no query
 * parameter. Anonymous calls go without it. Without a signing key the gateway refuses to call on a
 * user's behalf rather than send an unauthenticated request.
 */
export function signedUserToken(signingKey: string | undefined): Identity {
  const signer = signingKey ? new DeJwtSigner(signingKey) : undefined;
  return {
    keys: [],
    params: () => ({}),
    headers(user): Record<string, string> {
      if (!user) return {};
      if (!signer) throw notConfigured("the key signing CoGe's user tokens (DE_JWT_SIGNING_KEY)");
      return { [DE_JWT_HEADER]: signer.tokenFor(user) };
    },
  };
}

/** DataCite knows the gateway, not the caller: every call carries the repository account's basic auth. */
export function basicAuth(account: BackendCredentials["datacite"]): Identity {
  const authorization = account
    ? `Basic ${Buffer.from(`${account.username}:${account.password}`).toString("base64")}`
    : undefined;
  return {
    keys: [],
    params: () => ({}),
    headers() {
      if (!authorization) throw notConfigured("the DataCite account (DATACITE_USER, DATACITE_PASSWORD)");
      return { authorization };
    },
  };
}
