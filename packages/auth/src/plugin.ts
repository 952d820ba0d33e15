import { badRequest, GatewayError, notAuthorized } from "@de-gateway/service-kit";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { JWTPayload } from "jose";
import { type Access, accessOf, documentAccess } from "./access.js";
import { ANONYMOUS_USER, type AuthUser, serviceAccountFromClaims, userFromClaims } from "./user.js";
import { createVerifier, IdentityProviderUnavailable, type VerifierOptions } from "./verifier.js";

declare module "fastify" {
  interface FastifyContextConfig {
    auth?: Access;
  }
  interface FastifyRequest {
    /**
     * The verified caller, on every route but those open to anyone (`none`): on `optional` ones a visitor without
     * a token is `ANONYMOUS_USER`, on `service` ones the caller is the service account.
     */
    user: AuthUser;
  }
}

export interface AuthOptions extends VerifierOptions {
  adminGroups: readonly string[];
  /** Realm roles that let a service account's token call `service` routes; none when left out. */
  serviceRoles?: readonly string[];
}

interface VerifiedToken {
  claims: JWTPayload;
  usernameClaim: "preferred_username" | "sub";
}

const DE_JWT_HEADER = "x-iplant-de-jwt";
const BEARER_REQUIRED = "an Authorization: Bearer token is required";
const TWO_USERS = "the Authorization and X-Iplant-De-Jwt headers name different users";

const forbidden = (reason: string) => new GatewayError(403, reason, "ERR_FORBIDDEN");

/**
 * The token header a request carries more than once, if any, by its name. Node keeps the first Authorization
 * header and joins repeated X-Iplant-De-Jwt ones, so only the raw headers tell; two are refused, never settled by
 * their order (a proxy that adds one in front of the caller's would otherwise decide who the caller is).
 */
function repeatedTokenHeader(raw: readonly string[]): string | undefined {
  let authorization = 0;
  let deJwt = 0;
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index] as string;
    if (name.length === 13 && name.toLowerCase() === "authorization") {
      if (++authorization > 1) return "Authorization";
    } else if (name.length === DE_JWT_HEADER.length && name.toLowerCase() === DE_JWT_HEADER) {
      if (++deJwt > 1) return "X-Iplant-De-Jwt";
    }
  }
  return undefined;
}

const authPlugin: FastifyPluginAsync<AuthOptions> = async (app, options) => {
  const verifier = createVerifier(options);
  const serviceRoles = options.serviceRoles ?? [];

  /** The Authorization header's bearer token, verified. */
  async function bearerToken(header: string): Promise<VerifiedToken> {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw notAuthorized(BEARER_REQUIRED);
    return { claims: await verifier.bearer(match[1]), usernameClaim: "preferred_username" };
  }

  /**
   * The request's token, verified, with the claim that names its user; undefined when it carries none. A request
   * may carry a bearer token, a service-signed X-Iplant-De-Jwt, or both for the same user (the identity provider's
   * token then speaks for them); both for different users is refused, never settled by precedence.
   */
  async function verifiedToken(request: FastifyRequest): Promise<VerifiedToken | undefined> {
    const header = request.headers.authorization;
    const bearer = header === undefined ? undefined : await bearerToken(header);
    const deJwt = request.headers[DE_JWT_HEADER];
    if (typeof deJwt !== "string" || !deJwt) return bearer;
    const signed: VerifiedToken = { claims: await verifier.deJwt(deJwt), usernameClaim: "sub" };
    if (bearer && bearer.claims.preferred_username !== signed.claims.sub) throw notAuthorized(TWO_USERS);
    return bearer ?? signed;
  }

  /** Any token that is present must verify, on every route that looks at tokens: a bad one is never anonymous. */
  async function checkedToken(request: FastifyRequest): Promise<VerifiedToken | undefined> {
    try {
      return await verifiedToken(request);
    } catch (error) {
      if (error instanceof GatewayError) throw error;
      if (error instanceof IdentityProviderUnavailable) throw new GatewayError(502, error.message);
      request.log.info({ reason: (error as Error).message }, "token refused");
      throw notAuthorized("the authentication token is missing, malformed, expired or not trusted");
    }
  }

  function serviceAccountOf(token: VerifiedToken): AuthUser {
    const account = token.usernameClaim === "preferred_username" ? serviceAccountFromClaims(token.claims) : undefined;
    if (!account) throw forbidden("this endpoint is for the platform's service accounts");
    if (!account.groups.some((role) => serviceRoles.includes(role))) {
      throw forbidden("the service account holds none of the roles this endpoint needs");
    }
    return account;
  }

  /**
   * Users of remembered tokens, made once per token's claims: a request with a token seen before is answered
   * without a promise or a new user object, so what a service remembers of a caller it can tie to their token. The
   * users are frozen, so that no request can change another's.
   */
  const usersOfClaims = new WeakMap<JWTPayload, AuthUser | null>();
  function tokenUser(claims: JWTPayload, usernameClaim: VerifiedToken["usernameClaim"]): AuthUser | undefined {
    let user = usersOfClaims.get(claims);
    if (user === undefined) {
      user = userFromClaims(claims, options.adminGroups, usernameClaim) ?? null;
      if (user) Object.freeze(user.groups);
      usersOfClaims.set(claims, user && Object.freeze(user));
    }
    return user ?? undefined;
  }

  /**
   * The user of a request whose only token is a bearer token verified before, in the form an encoder writes it
   * (the form every remembered token has); undefined for anything else, which takes the whole way.
   */
  function rememberedUser(request: FastifyRequest): AuthUser | undefined {
    const header = request.headers.authorization;
    if (!header?.startsWith("Bearer ") || request.headers[DE_JWT_HEADER] !== undefined) return undefined;
    const claims = verifier.rememberedBearer(header.slice(7));
    return claims && tokenUser(claims, "preferred_username");
  }

  async function authenticate(request: FastifyRequest, access: Exclude<Access, "none">): Promise<void> {
    const token = await checkedToken(request);
    if (!token) {
      if (access !== "optional") throw notAuthorized(BEARER_REQUIRED);
      request.user = { ...ANONYMOUS_USER, groups: [] };
      return;
    }
    if (access === "service") {
      request.user = serviceAccountOf(token);
      return;
    }
    const user = tokenUser(token.claims, token.usernameClaim);
    if (!user) throw notAuthorized("the token names no user");
    admitted(user, access);
    request.user = user;
  }

  function admitted(user: AuthUser, access: Access): void {
    if (access === "admin" && !user.isAdmin) throw forbidden("this endpoint is for administrators");
  }

  app.decorateRequest("user", null as unknown as AuthUser);
  app.addHook("onRoute", documentAccess);
  // A callback hook: the usual request, with a token seen before, is settled without a promise.
  app.addHook("onRequest", (request, _reply, done) => {
    if (request.is404) return done();
    const repeated = repeatedTokenHeader(request.raw.rawHeaders);
    if (repeated) return done(badRequest(`a request carries one ${repeated} header at most`));
    // The matched route's path, not the requested one: the router decodes `/%61dmin/…` to an /admin/ route.
    // Fastify builds routeOptions afresh on every read: read once.
    const route = request.routeOptions;
    const access = accessOf(route.url ?? request.url, route.config.auth);
    if (access === "none") return done();
    const remembered = access === "service" ? undefined : rememberedUser(request);
    if (!remembered) {
      authenticate(request, access).then(() => done(), done);
      return;
    }
    try {
      admitted(remembered, access);
    } catch (error) {
      return done(error as Error);
    }
    request.user = remembered;
    done();
  });
};

/** Verifies the caller on every route (see `Access`) and sets `request.user`. */
export const auth = fp(authPlugin, { name: "@de-gateway/auth", fastify: "5.x" });
