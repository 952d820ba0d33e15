import type { RouteOptions } from "fastify";

/** Who may call a route: nobody needs a token (`none`), any signed-in user, or an administrator. */
export type Access = "none" | "user" | "admin";

/** A route's access: as declared (default `user`), except that administrative paths stay administrative. */
export function accessOf(url: string, declared: Access | undefined): Access {
  return url.startsWith("/admin/") ? "admin" : (declared ?? "user");
}

/**
 * Writes a route's access into its OpenAPI description: `x-access`, and no security requirement when
 * nobody needs a token. Only the documentation changes; validation does not read these keywords.
 */
export function documentAccess(route: RouteOptions): void {
  const access = accessOf(route.url, route.config?.auth);
  const documentation: Record<string, unknown> = { "x-access": access, ...(access === "none" ? { security: [] } : {}) };
  route.schema = { ...route.schema, ...documentation };
}
