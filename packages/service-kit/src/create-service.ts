// Kept in the compiled declarations: the `swagger()` decorator and the `hide` schema field are @fastify/swagger's
// additions to Fastify's types, which services compiled against this package's dist (the images) need too.
/// <reference types="@fastify/swagger" preserve="true" />
import type { IncomingMessage, ServerResponse } from "node:http";
import { hostname } from "node:os";
import swagger from "@fastify/swagger";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawServerDefault,
} from "fastify";
import { Type } from "typebox";
import { boundRequestArrays } from "./array-bounds.js";
import { answerClientError } from "./client-errors.js";
import {
  type ConnectionLimits,
  capConnections,
  cutStalledBodies,
  DEFAULT_CONNECTION_LIMITS,
  serverTimeouts,
} from "./connection-limits.js";
import { installErrorHandling } from "./error-handler.js";
import { ErrorBody, errorCodeForStatus } from "./errors.js";
import { installJsonBodies } from "./json-bodies.js";
import { logDestination } from "./log-destination.js";
import { serializeRequest } from "./log-redaction.js";
import { installMetrics } from "./metrics.js";
import { REQUEST_ID_HEADER, requestIdFor } from "./request-id.js";
import { RequestLog, type RequestLogPolicy } from "./request-log.js";
import { RequestLogger } from "./request-logger.js";
import { requestLogBindings, type TraceContext, traceContextOf } from "./trace-context.js";
import { endServerSpan } from "./tracing/server-spans.js";
import type { TracingSettings } from "./tracing/settings.js";
import { startTracing } from "./tracing/tracing.js";
import { bodyLeftUnread, drainUnreadBody } from "./unread-bodies.js";
import { installValidation } from "./validation.js";

export type Service = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export interface ServiceOptions {
  name: string;
  version?: string;
  logLevel?: string;
  /** Largest request body accepted, in bytes; larger bodies get 413. */
  bodyLimit?: number;
  /**
   * Answer GET /openapi.json with the service's own document (default). Off where that path means something
   * else: the docs service answers it with the merged document, the local edge routes it there.
   */
  ownOpenApiRoute?: boolean;
  /** Where log lines go (one JSON object each); standard output by default. */
  logStream?: { write(line: string): void };
  /**
   * Route `//x` as `/x` (off by default): for a service whose web client writes such paths, as the public
   * entrypoint's path sanitizing would (docs/traefik.md).
   */
  ignoreDuplicateSlashes?: boolean;
  /** Count requests and answer GET /metrics (default). Off for the local edge, which is the public entrypoint itself. */
  metrics?: boolean;
  /** Which requests are logged once answered (default: every request). */
  requestLog?: RequestLogPolicy;
  /**
   * Another public path for some routes: maps a request's URL to the one routed, before routing (the request keeps
   * its `originalUrl`). The data service answers the web client's paths without `/secured` this way.
   */
  rewriteUrl?: (url: string) => string;
  /** Timeouts and the connection cap (default: DEFAULT_CONNECTION_LIMITS; see docs/security.md). */
  limits?: ConnectionLimits;
  /** Where and how spans are exported (`tracingSettingsFrom`); without it the service records no spans. */
  tracing?: TracingSettings;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Set when the process is shutting down: /readyz answers 503 so load balancers stop sending work. */
    draining: boolean;
    /** Every route as registered (method, url, config), for catalogue and access checks. */
    registeredRoutes: RegisteredRoute[];
  }
  interface FastifyRequest {
    /** The request's W3C trace context: the caller's `traceparent` continued, or a new trace. */
    readonly trace: TraceContext;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  auth: string | undefined;
}

/** How long closing waits for the last spans to reach the collector: well within the shutdown's grace period. */
export const TRACE_FLUSH_MS = 2_000;

const rewriteWith =
  (rewrite: (url: string) => string) =>
  (raw: { url?: string }): string =>
    rewrite(raw.url ?? "/");

/** The Fastify skeleton every service shares: logging with request ids and traces, errors, health, metrics, OpenAPI. */
export async function createService(options: ServiceOptions): Promise<Service> {
  const limits = options.limits ?? DEFAULT_CONNECTION_LIMITS;
  const destination = options.logStream ?? logDestination();
  const tracing = options.tracing ? startTracing(options.tracing) : undefined;
  const makeTrace = tracing?.makeTrace;
  const app = Fastify({
    logger: {
      level: options.logLevel ?? "info",
      name: options.name,
      redact: ["req.headers.authorization", 'req.headers["x-iplant-de-jwt"]'],
      // Credential-bearing query parameters (an OAuth callback's code and state) never reach the log.
      serializers: { req: serializeRequest },
      stream: destination,
    },
    logController: new RequestLog(options.requestLog ?? "every-request", {
      destination,
      base: { pid: process.pid, hostname: hostname(), name: options.name },
    }),
    genReqId: requestIdFor,
    // Every log line of a request carries its trace.
    childLoggerFactory: (logger, bindings, childOptions, raw) =>
      new RequestLogger(
        logger,
        requestLogBindings(bindings.reqId as string, traceContextOf(raw, makeTrace)),
        childOptions,
      ),
    bodyLimit: options.bodyLimit ?? 1_048_576,
    ...serverTimeouts(limits),
    ...(options.rewriteUrl ? { rewriteUrl: rewriteWith(options.rewriteUrl) } : {}),
    // A request that reaches the service after closing has begun (a proxy's, before the port closes) is served,
    // and its answer closes its connection; Fastify's own 503 would drop it, in a body without the error model.
    return503OnClosing: false,
    // Path parameters carry ontology IRIs and qualified team names, longer than the default 100.
    routerOptions: { ignoreDuplicateSlashes: options.ignoreDuplicateSlashes ?? false, maxParamLength: 2048 },
    // What Node's HTTP parser refuses (headers too large, malformed requests): the error model too.
    clientErrorHandler: answerClientError,
    // A URL the router cannot decode (e.g. `%FF`) or an over-long path parameter: the error model too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = error.statusCode ?? 400;
      return reply
        .code(status)
        .type("application/json")
        .send({ error_code: errorCodeForStatus(status), reason: error.message });
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  capConnections(app, limits);
  app.decorate("draining", false);
  app.decorate("registeredRoutes", [] as RegisteredRoute[]);
  app.decorateRequest("trace", {
    getter(this: FastifyRequest) {
      return traceContextOf(this.raw, makeTrace);
    },
  });
  app.addHook("onRoute", boundRequestArrays);
  app.addHook("onRoute", (route) => {
    const auth = (route.config as { auth?: string } | undefined)?.auth;
    for (const method of [route.method].flat()) app.registeredRoutes.push({ method, url: route.url, auth });
  });
  // Hooks on every request take a callback: an async hook costs a promise and a microtask per request.
  // Every answer carries its request id. While draining, answers close their connection so that shutdown does not
  // wait on idle keep-alives. A body answered before it was read to its end is read and dropped, so that the
  // connection serves its next request.
  app.addHook("onSend", (request, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (app.draining) reply.header("connection", "close");
    if (bodyLeftUnread(request.raw)) drainUnreadBody(request.raw);
    done(null, payload);
  });
  cutStalledBodies(app, limits);
  installErrorHandling(app);
  installValidation(app);
  installJsonBodies(app);

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: options.name, version: options.version ?? "0.1.0" },
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
          deJwt: { type: "apiKey", in: "header", name: "X-Iplant-De-Jwt" },
        },
      },
      security: [{ bearer: [] }, { deJwt: [] }],
    },
  });

  const internal = { auth: "none" as const };
  if (options.metrics ?? true) installMetrics(app, internal);
  if (tracing) {
    for (const metric of tracing.metrics) app.metrics?.registry.registerMetric(metric);
    // A callback, as every hook run on each request: the span ends where the request's log line is written.
    app.addHook("onResponse", (request, reply, done) => {
      endServerSpan(request, reply);
      done();
    });
    app.addHook("onClose", () => tracing.shutdown(TRACE_FLUSH_MS));
  }
  app.get(
    "/healthz",
    { config: internal, schema: { hide: true, response: { 200: Type.Object({ status: Type.String() }) } } },
    async () => ({ status: "ok" }),
  );
  app.get(
    "/readyz",
    {
      config: internal,
      schema: { hide: true, response: { 200: Type.Object({ status: Type.String() }), 503: ErrorBody } },
    },
    async (_request, reply) => {
      if (app.draining) return reply.code(503).send({ error_code: "ERR_UNAVAILABLE", reason: "shutting down" });
      return { status: "ready" };
    },
  );
  if (options.ownOpenApiRoute ?? true) {
    app.get("/openapi.json", { config: internal, schema: { hide: true } }, async () => app.swagger());
  }

  return app;
}
