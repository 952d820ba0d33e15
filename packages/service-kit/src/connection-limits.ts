import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { answerClientError } from "./client-errors.js";

/** How long a client may take, and how many connections it may hold: what keeps slow clients from holding a service. */
export interface ConnectionLimits {
  /** All request headers must have arrived within this (ms). */
  headersTimeoutMs: number;
  /** A request body must bring at least `bodyMinBytes` in every window of this many ms until it is whole. */
  bodyTimeoutMs: number;
  bodyMinBytes: number;
  /** The whole request, body included, must have arrived within this (ms): the bound of the largest upload. */
  requestTimeoutMs: number;
  /** A connection on which nothing moves either way for this long is closed (ms); above any backend timeout. */
  socketIdleTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (ms); above the front router's idle timeout to services. */
  keepAliveTimeoutMs: number;
  /** Connections held at once; beyond it new ones are closed as they come. */
  maxConnections: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 20_000,
  bodyTimeoutMs: 20_000,
  bodyMinBytes: 1024,
  requestTimeoutMs: 4 * 3600_000,
  socketIdleTimeoutMs: 120_000,
  keepAliveTimeoutMs: 72_000,
  maxConnections: 4096,
};

const limit = (defaultValue: number, description: string) =>
  Type.Integer({ minimum: 1, default: defaultValue, description });

/** The settings of `ConnectionLimits`, part of every service's ServerConfig (see docs/security.md). */
export const ConnectionLimitsConfig = {
  REQUEST_HEADERS_TIMEOUT_MS: limit(DEFAULT_CONNECTION_LIMITS.headersTimeoutMs, "all headers within this (ms)"),
  REQUEST_BODY_TIMEOUT_MS: limit(
    DEFAULT_CONNECTION_LIMITS.bodyTimeoutMs,
    "a body must bring REQUEST_BODY_MIN_BYTES in every window of this many ms",
  ),
  REQUEST_BODY_MIN_BYTES: limit(DEFAULT_CONNECTION_LIMITS.bodyMinBytes, "the least a body brings in each window"),
  REQUEST_TIMEOUT_MS: limit(DEFAULT_CONNECTION_LIMITS.requestTimeoutMs, "the whole request within this (ms)"),
  SOCKET_IDLE_TIMEOUT_MS: limit(DEFAULT_CONNECTION_LIMITS.socketIdleTimeoutMs, "a connection idle this long closes"),
  KEEP_ALIVE_TIMEOUT_MS: limit(DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs, "an idle keep-alive closes after this"),
  MAX_CONNECTIONS: limit(DEFAULT_CONNECTION_LIMITS.maxConnections, "connections held at once"),
};

type LimitSettings = { [K in keyof typeof ConnectionLimitsConfig]?: number };

export function connectionLimitsFrom(config: LimitSettings): ConnectionLimits {
  const d = DEFAULT_CONNECTION_LIMITS;
  return {
    headersTimeoutMs: config.REQUEST_HEADERS_TIMEOUT_MS ?? d.headersTimeoutMs,
    bodyTimeoutMs: config.REQUEST_BODY_TIMEOUT_MS ?? d.bodyTimeoutMs,
    bodyMinBytes: config.REQUEST_BODY_MIN_BYTES ?? d.bodyMinBytes,
    requestTimeoutMs: config.REQUEST_TIMEOUT_MS ?? d.requestTimeoutMs,
    socketIdleTimeoutMs: config.SOCKET_IDLE_TIMEOUT_MS ?? d.socketIdleTimeoutMs,
    keepAliveTimeoutMs: config.KEEP_ALIVE_TIMEOUT_MS ?? d.keepAliveTimeoutMs,
    maxConnections: config.MAX_CONNECTIONS ?? d.maxConnections,
  };
}

/**
 * Fastify's server options for the limits Node enforces itself. Node looks at headers and whole-request timeouts
 * every `connectionsCheckingInterval` (30 s by default), so that interval follows the headers timeout.
 */
export function serverTimeouts(limits: ConnectionLimits) {
  const requestTimeout = Math.max(limits.requestTimeoutMs, limits.headersTimeoutMs);
  return {
    connectionTimeout: limits.socketIdleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout,
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(limits.headersTimeoutMs / 4))),
    },
  };
}

const expectsBody = (request: FastifyRequest) =>
  request.headers["transfer-encoding"] !== undefined || Number(request.headers["content-length"] ?? 0) > 0;

/**
 * A request body that stops coming is cut: in every window of `bodyTimeoutMs` it must bring `bodyMinBytes`,
 * until it is whole. A body the service itself holds back (its backend reads slowly, so the body's buffer is
 * full) is not the client's doing and is not counted. An upload that keeps moving at any useful rate
 * passes, however large; one byte every few seconds does not. Cut before the answer began: 408 in the error
 * model, then the connection closes; after: the connection closes.
 */
export function cutStalledBodies(app: FastifyInstance, limits: ConnectionLimits): void {
  app.addHook("onRequest", (request, reply, done) => {
    const { raw } = request;
    const socket = raw.socket;
    // An injected request (app.inject) has its body whole and no connection to watch.
    if (!expectsBody(request) || raw.complete || typeof socket?.bytesRead !== "number") {
      done();
      return;
    }
    let before = socket.bytesRead;
    // A full buffer: the service is not reading (its backend takes the body slowly); the client is not to blame.
    const heldBack = () => raw.readableLength >= raw.readableHighWaterMark;
    // A window counts only when the body was waiting on the client from its start to its end.
    let heldAtStart = heldBack();
    const watch = setInterval(() => {
      if (raw.complete || socket.destroyed) {
        clearInterval(watch);
        return;
      }
      const brought = socket.bytesRead - before;
      const held = heldBack();
      const counts = !held && !heldAtStart;
      before = socket.bytesRead;
      heldAtStart = held;
      if (!counts || brought >= limits.bodyMinBytes) return;
      clearInterval(watch);
      cut(request, reply, brought);
    }, limits.bodyTimeoutMs);
    watch.unref();
    // Not when the answer is sent: a body answered unread is still read to its end (unread-bodies.ts), and must
    // keep coming as well. The request closes once its body is whole, or with its connection.
    request.raw.once("close", () => clearInterval(watch));
    done();
  });

  function cut(request: FastifyRequest, reply: FastifyReply, brought: number): void {
    request.log.warn(
      { broughtBytes: brought, windowMs: limits.bodyTimeoutMs },
      "request body stalled; connection closed",
    );
    const stalled = Object.assign(new Error("request body stalled"), { code: "ERR_HTTP_REQUEST_TIMEOUT" });
    if (reply.raw.headersSent) request.raw.socket.destroy(stalled);
    else answerClientError(stalled, request.raw.socket);
  }
}

/** Applies the connection cap once the server exists (Node closes connections beyond `maxConnections`). */
export function capConnections(app: FastifyInstance, limits: ConnectionLimits): void {
  app.server.maxConnections = limits.maxConnections;
}
