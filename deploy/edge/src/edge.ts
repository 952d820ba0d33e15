import type { IncomingHttpHeaders } from "node:http";
import { processRequestPath, RequestPathError, refusedEscape } from "@de-gateway/routing";
import {
  badRequest,
  type ConnectionLimits,
  createService,
  notFound,
  type Service,
  withoutHopByHop,
} from "@de-gateway/service-kit";
import replyFrom from "@fastify/reply-from";
import type { FastifyReply, FastifyRequest } from "fastify";
import { forwardingHeaders } from "./forwarding-headers.js";
import { readTarget } from "./request-target.js";
import type { EdgeRouting } from "./routing.js";
import { upstreamError } from "./upstream-errors.js";

export interface EdgeOptions {
  routing: EdgeRouting;
  /** Origin (`http://host:port`) of each service. */
  upstreams: ReadonlyMap<string, string>;
  logLevel?: string;
  /** Longest wait for response headers, and between two chunks of a body. */
  upstreamTimeoutMs: number;
  /** Timeouts and the connection cap of the edge's own server (default: service-kit's defaults). */
  limits?: ConnectionLimits;
}

/**
 * The local front router: applies Traefik's path processing and rules to every request and streams it,
 * path escapes and query untouched, to the owning service.
 */
export async function buildEdge(options: EdgeOptions): Promise<Service> {
  const { table, entryPoint } = options.routing;
  // The edge is the public entrypoint: /openapi.json goes to the docs service, and /metrics is nobody's here.
  // A request a service answers is logged there, with the same request id; the edge logs what it refuses or
  // cannot forward (and what comes back failed), which halves the logging cost of the path.
  const app = await createService({
    name: "edge",
    logLevel: options.logLevel ?? "info",
    ownOpenApiRoute: false,
    metrics: false,
    requestLog: "failures",
    ...(options.limits ? { limits: options.limits } : {}),
  });
  await app.register(replyFrom, {
    undici: { connections: 128, keepAliveTimeout: 10_000, connect: { timeout: 5_000 } },
    disableRequestLogging: true,
  });

  const forward = (request: FastifyRequest, reply: FastifyReply) => {
    const target = request.raw.url ?? "/";
    // A fragment is the client's own and never sent; Traefik refuses a request target holding one.
    if (target.includes("#")) throw badRequest("the request target holds a fragment (#), which is never sent");
    // The server-wide target: Go's HTTP server answers `OPTIONS *` itself, and no router matches `*`.
    if (target === "*") {
      if (request.method === "OPTIONS") return reply.send();
      throw notFound("no service serves *");
    }
    const { rawPath, rawQuery, host } = readTarget(target, request.headers.host);
    let path: ReturnType<typeof processRequestPath>;
    try {
      path = processRequestPath(rawPath, { sanitizePath: entryPoint.sanitizePath });
    } catch (error) {
      if (error instanceof RequestPathError) throw badRequest(error.message);
      throw error;
    }
    const router = table.match({ path: path.routingPath, host });
    if (!router) throw notFound(`no service serves ${path.forwardPath}`);
    const refused = refusedEscape(path.forwardPath, entryPoint.policy);
    if (refused) throw badRequest(`the request path holds the encoded character ${refused}, which is not accepted`);

    const { service } = router;
    try {
      return reply.from(`${options.upstreams.get(service)}${path.forwardPath}`, {
        queryString: () => rawQuery,
        rewriteRequestHeaders: (_request, headers) => forwardingHeaders(request, headers as IncomingHttpHeaders, host),
        // The service's keep-alive is its connection with the edge, not the caller's (who may have asked to close).
        rewriteHeaders: (headers) => withoutHopByHop(headers),
        timeout: options.upstreamTimeoutMs,
        // Never replay a request: a retried POST could act twice.
        retryDelay: () => null,
        onError: (failed, { error }) => failed.send(upstreamError(service, error)),
      });
    } catch (error) {
      // @fastify/reply-from refuses paths it cannot decode or that decode to "/.." before sending anything.
      throw badRequest(`the request path cannot be forwarded: ${(error as Error).message}`);
    }
  };

  await app.register(async (proxy) => {
    // Bodies are not parsed: they stream through as they come.
    proxy.removeAllContentTypeParsers();
    proxy.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    proxy.all("/*", forward);
  });
  return app;
}
