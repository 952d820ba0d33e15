import { GatewayError } from "@de-gateway/service-kit";
import type { FastifyInstance, RouteOptions } from "fastify";

/**
 * The read routes visitors may call without signing in, under the unprefixed paths the web client calls them by:
 * there a request without a token runs as the data store's `anonymous` account and sees what it may read (the
 * community data, anonymized links). Under `/secured` the same routes keep requiring a signed-in user.
 */
export const ANONYMOUS_READ_PATHS: ReadonlySet<string> = new Set([
  "/filesystem/stat",
  "/filesystem/paged-directory",
  "/filesystem/directory",
  "/filesystem/read-chunk",
  "/filesystem/display-download",
  "/fileio/download",
  "/filesystem/search",
  "/filesystem/metadata/search",
]);

const SECURED = "/secured";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set on the open twin of a `/secured` read route (see `openReadTwins`). */
    anonymousTwin?: boolean;
  }
}

/**
 * What a visitor may not read is, to the visitor, not there: a refusal (403) becomes the very 404 of what does not
 * exist, so that nothing about the data of the platform's users is given away.
 */
function hidden(error: unknown): unknown {
  if (error instanceof GatewayError && (error.statusCode === 403 || error.statusCode === 404)) {
    return new GatewayError(404, "no such file or folder, or it is not readable without signing in", "ERR_NOT_FOUND");
  }
  return error;
}

/**
 * Registers, beside each `/secured` route of `ANONYMOUS_READ_PATHS`, its open twin: the same schema and handler
 * under the unprefixed path with `optional` access, where refusals to visitors are answered as 404. Add it before
 * the routes are registered. The API document keeps to the catalogue's rows: the twin is left out of it, and the
 * `/secured` operation names it (`x-visitor-path`) and says what it does.
 */
export function openReadTwins(app: FastifyInstance): void {
  app.addHook("onRoute", function registerTwin(this: FastifyInstance, route: RouteOptions) {
    const open = route.url.startsWith(SECURED) ? route.url.slice(SECURED.length) : undefined;
    // Fastify adds the HEAD of a GET route itself, the twin's as well.
    if (!open || !ANONYMOUS_READ_PATHS.has(open) || route.config?.anonymousTwin || route.method === "HEAD") return;
    const handler = route.handler;
    const schema: Record<string, unknown> = { ...route.schema };
    const visitors =
      `Visitors who have not signed in may call it as ${open}, without a token: it then runs as the data store's ` +
      "anonymous user, and what that user may not read is 404.";
    const documentation: Record<string, unknown> = {
      description: typeof schema.description === "string" ? `${schema.description}\n\n${visitors}` : visitors,
      "x-visitor-path": open,
    };
    route.schema = { ...schema, ...documentation };
    this.route({
      method: route.method,
      url: open,
      schema: { ...schema, hide: true },
      config: { ...route.config, auth: "optional", anonymousTwin: true },
      async handler(request, reply) {
        try {
          return await handler.call(this, request, reply);
        } catch (error) {
          throw request.user?.kind === "anonymous" ? hidden(error) : error;
        }
      },
    });
  });
}
