import { GatewayError, notAuthorized } from "@de-gateway/service-kit";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { type Access, accessOf, documentAccess } from "./access.js";
import { type AuthUser, userFromClaims } from "./user.js";
import { createVerifier, IdentityProviderUnavailable, type VerifierOptions } from "./verifier.js";

declare module "fastify" {
  interface FastifyContextConfig {
    auth?: Access;
  }
  interface FastifyRequest {
    /** The verified caller. Set on every route whose access is `user` or `admin`; on `optional` ones when known. */
    user: AuthUser;
  }
}

export interface AuthOptions extends VerifierOptions {
  adminGroups: readonly string[];
}

const DE_JWT_HEADER = "x-iplant-de-jwt";

const authPlugin: FastifyPluginAsync<AuthOptions> = async (app, options) => {
  const verifier = createVerifier(options);

  /** The caller the request's token names, once verified. */
  async function tokenUser(request: FastifyRequest): Promise<AuthUser | undefined> {
    const deJwt = request.headers[DE_JWT_HEADER];
    if (typeof deJwt === "string" && deJwt) {
      return userFromClaims(await verifier.deJwt(deJwt), options.adminGroups, "sub");
    }
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
    if (!match?.[1]) throw notAuthorized("an Authorization: Bearer token is required");
    return userFromClaims(await verifier.bearer(match[1]), options.adminGroups, "preferred_username");
  }

  /** On an `optional` route a token that does not verify is ignored: the route is open, the caller anonymous. */
  async function callerIfKnown(request: FastifyRequest): Promise<AuthUser | undefined> {
    if (!request.headers.authorization && !request.headers[DE_JWT_HEADER]) return undefined;
    try {
      return await tokenUser(request);
    } catch (error) {
      request.log.info({ reason: (error as Error).message }, "token ignored on a route open to anyone");
      return undefined;
    }
  }

  app.decorateRequest("user", null as unknown as AuthUser);
  app.addHook("onRoute", documentAccess);
  app.addHook("onRequest", async (request) => {
    if (request.is404) return;
    // The matched route's path, not the requested one: the router decodes `/%61dmin/…` to an /admin/ route.
    const access = accessOf(request.routeOptions.url ?? request.url, request.routeOptions.config.auth);
    if (access === "none") return;
    if (access === "optional") {
      const caller = await callerIfKnown(request);
      if (caller) request.user = caller;
      return;
    }
    let user: AuthUser | undefined;
    try {
      user = await tokenUser(request);
    } catch (error) {
      if (error instanceof GatewayError) throw error;
      if (error instanceof IdentityProviderUnavailable) throw new GatewayError(502, error.message);
      request.log.info({ reason: (error as Error).message }, "token refused");
      throw notAuthorized("the authentication token is missing, malformed, expired or not trusted");
    }
    if (!user) throw notAuthorized("the token names no user");
    if (access === "admin" && !user.isAdmin) {
      throw new GatewayError(403, "this endpoint is for administrators", "ERR_FORBIDDEN");
    }
    request.user = user;
  });
};

/** Verifies the caller on every route (see `Access`) and sets `request.user`. */
export const auth = fp(authPlugin, { name: "@de-gateway/auth", fastify: "5.x" });
