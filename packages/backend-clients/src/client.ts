import type { IncomingHttpHeaders } from "node:http";
import type { AuthUser } from "@de-gateway/auth";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Dispatcher } from "undici";
import { BackendResponseError } from "./backend-response-error.js";
import { startBackendTimer } from "./backend-timer.js";
import { forwardedRequestHeaders, gatewayHeaders, withoutHopByHop } from "./headers.js";
import type { Identity } from "./identity.js";
import { backendQuery, type Query, rawQueryOf } from "./query.js";
import { transportError } from "./transport-errors.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD";

export interface CallOptions {
  method?: HttpMethod;
  /** Backend path, built with the `path` template so that values are encoded one segment each. */
  path: string;
  query?: Query;
  /** A JSON body; sent with `content-type: application/json`. */
  json?: unknown;
  /** Leave the caller's identity out (calls made on nobody's behalf, such as unsecured endpoints). */
  anonymous?: boolean;
  /**
   * Call as this service account instead of the caller, for a step the gateway itself vouches for (the
   * groups backend's administrative user granting a joiner's optout privilege, for example). Never a
   * value the caller sent.
   */
  actAs?: string;
}

export interface BackendResponse<T = unknown> {
  status: number;
  headers: IncomingHttpHeaders;
  /** Parsed JSON when the backend sent JSON, otherwise the raw text. */
  body: T;
}

export interface ForwardOptions {
  /** Backend path; defaults to nothing, it must be given explicitly. */
  path: string;
  method?: HttpMethod;
  /** Parameters to set on top of the caller's query (they replace same-named ones). */
  query?: Query;
}

function parseBody(text: string, headers: IncomingHttpHeaders): unknown {
  if (!text) return text;
  if (/\bjson\b/i.test(String(headers["content-type"] ?? ""))) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** A service account has a name and nothing else: no e-mail, no person behind it, no admin rights in the gateway. */
const serviceAccount = (username: string): AuthUser => ({
  username,
  email: "",
  firstName: "",
  lastName: "",
  commonName: username,
  isAdmin: false,
  groups: [],
});

/** One backend role (apps, groups, …): calls for custom handlers and a streaming `forward()` for passthroughs. */
export class BackendClient {
  constructor(
    readonly name: string,
    private readonly baseUrl: string | undefined,
    private readonly dispatcher: Dispatcher,
    private readonly timeoutMs: number,
    private readonly identity: Identity,
  ) {}

  private origin(): string {
    if (!this.baseUrl) throw new Error(`the ${this.name} backend is not configured for this service`);
    return this.baseUrl.replace(/\/+$/, "");
  }

  private identityOf(request: FastifyRequest, anonymous = false): Record<string, string> {
    return !anonymous && request.user ? this.identity.params(request.user) : {};
  }

  /** Calls the backend and returns whatever it answered; transport failures become 502/504. */
  async call<T = unknown>(request: FastifyRequest, options: CallOptions): Promise<BackendResponse<T>> {
    const identity = options.actAs
      ? this.identity.params(serviceAccount(options.actAs))
      : this.identityOf(request, options.anonymous);
    const query = backendQuery("", this.identity.keys, identity, options.query);
    const headers: Record<string, string> = { accept: "application/json", ...gatewayHeaders(request) };
    let body: string | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers["content-type"] = "application/json";
    }
    const url = new URL(`${this.origin()}${options.path}${query ? `?${query}` : ""}`);
    const method = options.method ?? "GET";
    const timer = startBackendTimer(request, this.name, method);
    try {
      const response = await this.dispatcher.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method,
        headers,
        body,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
      timer.answered(response.statusCode);
      const text = await response.body.text();
      return { status: response.statusCode, headers: response.headers, body: parseBody(text, response.headers) as T };
    } catch (error) {
      request.log.warn({ err: error, backend: this.name }, "backend call failed");
      const failure = transportError(this.name, error);
      timer.failed(failure);
      throw failure;
    }
  }

  /** Like `call`, but a non-2xx answer is thrown as a BackendResponseError carrying the backend's status. */
  async json<T = unknown>(request: FastifyRequest, options: CallOptions): Promise<T> {
    const response = await this.call<T>(request, options);
    if (response.status < 200 || response.status >= 300) {
      throw new BackendResponseError(this.name, response.status, response.body);
    }
    return response.body;
  }

  /**
   * Streams the caller's request to the backend and the backend's answer back unchanged (status,
   * body, content type), with the identity parameters replaced by the verified user's.
   */
  forward(request: FastifyRequest, reply: FastifyReply, options: ForwardOptions): FastifyReply {
    const query = backendQuery(rawQueryOf(request.url), this.identity.keys, this.identityOf(request), options.query);
    const method = options.method ?? (request.method as HttpMethod);
    const timer = startBackendTimer(request, this.name, method);
    return reply.from(`${this.origin()}${options.path}`, {
      method,
      timeout: this.timeoutMs,
      queryString: () => query,
      rewriteRequestHeaders: () => forwardedRequestHeaders(request),
      rewriteHeaders: (headers) => withoutHopByHop(headers),
      retryDelay: () => null,
      onResponse: (_request, answering, response) => {
        timer.answered(response.statusCode);
        answering.send(response.stream);
      },
      onError: (failed, { error }) => {
        request.log.warn({ err: error, backend: this.name }, "backend forward failed");
        const failure = transportError(this.name, error);
        timer.failed(failure);
        failed.send(failure);
      },
    });
  }
}
