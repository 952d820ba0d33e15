import type { RouteOptions } from "fastify";

/**
 * Who may call a route: nobody needs a token (`none`); nobody needs one, a visitor without one running as the
 * platform's `anonymous` user (`optional`); any signed-in user; an administrator; or a service account holding
 * one of the configured realm roles (`service`).
 */
export type Access = "none" | "optional" | "user" | "admin" | "service";

/** A route's access: as declared (default `user`), except that administrative paths stay administrative. */
export function accessOf(url: string, declared: Access | undefined): Access {
  return url.startsWith("/admin/") ? "admin" : (declared ?? "user");
}

const SECURITY: Partial<Record<Access, unknown[]>> = {
  none: [],
  // An empty requirement next to the schemes makes them optional.
  optional: [{}, { bearer: [] }, { deJwt: [] }],
};

/**
 * Writes a route's access into its OpenAPI description: `x-access`, and the security requirement when a token is
 * not needed. Only the documentation changes; validation does not read these keywords.
 */
export function documentAccess(route: RouteOptions): void {
  const access = accessOf(route.url, route.config?.auth);
  const security = SECURITY[access];
  const documentation: Record<string, unknown> = { "x-access": access, ...(security ? { security } : {}) };
  route.schema = { ...route.schema, ...documentation };
}
