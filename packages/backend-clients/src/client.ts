import type { IncomingHttpHeaders } from "node:http";
import type { Readable } from "node:stream";
import type { AuthUser } from "@de-gateway/auth";
import { badGateway, isHopByHop, REQUEST_ID_HEADER } from "@de-gateway/service-kit";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { TSchema } from "typebox";
import type { Dispatcher } from "undici";
import { AnswerHandler, type ArrivingAnswer } from "./answer-handler.js";
import { expectShape } from "./answer-shape.js";
import { BackendResponseError } from "./backend-response-error.js";
import { type BackendServer, endBackendSpan, startBackendSpan } from "./backend-span.js";
import { startBackendTimer } from "./backend-timer.js";
import { type ErrorStatuses, mayMeanOtherwise, meantStatus } from "./error-statuses.js";
import { forwardedRequest } from "./forwarded-request.js";
import { callHeaderList } from "./headers.js";
import type { Identity } from "./identity.js";
import { checkBackendPath, checkForwardedPath } from "./path.js";
import { backendQuery, type Query, rawQueryOf } from "./query.js";
import { isSuccess } from "./success.js";
import { transportError } from "./transport-errors.js";

/** How much of a streamed answer is read ahead: larger steps keep big downloads flowing across processes. */
const STREAM_BUFFER_BYTES = 1024 * 1024;
/**
 * A forwarded answer up to this length is read whole and sent in one write: most answers are this small, and
 * streaming them costs more than holding them for a moment.
 */
const SMALL_ANSWER_BYTES = 64 * 1024;

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
  /** A shorter limit than the backend's own, for calls whose answer is optional (e.g. favorite flags). */
  timeoutMs?: number;
  /**
   * Hand the answer back as text whatever its content type, for a backend that labels its JSON as something else:
   * the caller parses it, once.
   */
  asText?: boolean;
}

export interface StreamCallOptions extends Omit<CallOptions, "json" | "asText"> {
  /** Request headers to send besides the request id (e.g. `range`, `content-type`). */
  headers?: Record<string, string>;
  /** The request body: text, or a stream sent to the backend as it is produced. */
  body?: Readable | string;
}

/** A backend answer whose body is still a stream: read it, pipe it on, or destroy it. */
export interface StreamedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Readable;
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
  /** The path's template, for the call's span (`/apps/{app-id}/details`); made from the path when not given. */
  template?: string;
}

/** What no JSON parser could read, though labelled JSON: kept apart from text so that a 2xx of it is refused. */
const MALFORMED = Symbol("malformed JSON");

function parseBody(text: string, headers: IncomingHttpHeaders): unknown {
  if (!text) return text;
  if (/\bjson\b/i.test(String(headers["content-type"] ?? ""))) {
    try {
      return JSON.parse(text);
    } catch {
      return MALFORMED;
    }
  }
  return text;
}

/**
 * A page labelled HTML is never a backend's successful answer: none of them answers HTML, so a 2xx page comes from
 * something in front of the backend (a sign-in or maintenance page of a proxy). Passed on, the caller would take
 * it for success and fail reading it; it is the backend failing (502).
 */
const isPageInsteadOfAnswer = (status: number, contentType: unknown): boolean =>
  isSuccess(status) && /^\s*text\/html\b/i.test(String(contentType ?? ""));

/** A backend failing: its answer is never passed on (it may name hosts, or carry a stack trace). */
const isFailure = (status: number) => status >= 500;

/** Reply headers the service set before forwarding; any other came with the backend's answer. */
const OWN_REPLY_HEADERS = new Set([REQUEST_ID_HEADER, "connection"]);

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

/** Takes the backend's headers off a reply that answers something else in place of the backend's answer. */
function dropBackendHeaders(reply: FastifyReply): void {
  for (const name of Object.keys(reply.getHeaders())) {
    if (!OWN_REPLY_HEADERS.has(name)) reply.removeHeader(name);
  }
}

/** One backend role (apps, groups, …): calls for custom handlers and a streaming `forward()` for passthroughs. */
export class BackendClient {
  private readonly identityQueries = new WeakMap<AuthUser, string>();
  private trimmedOrigin: string | undefined;
  private target: { origin: string; basePath: string; server: BackendServer } | undefined;

  constructor(
    readonly name: string,
    private readonly baseUrl: string | undefined,
    private readonly dispatcher: Dispatcher,
    private readonly timeoutMs: number,
    private readonly identity: Identity,
    /** For a backend that answers some of the caller's mistakes with 500: what each code means. */
    private readonly errorStatuses?: ErrorStatuses,
    /**
     * For a backend whose refusals do not follow the error model (`{message}` from a Go service): a forwarded
     * refusal is read and answered in the model, as a custom handler's call would answer it.
     */
    private readonly refusalsOutsideModel = false,
  ) {}

  private origin(): string {
    if (!this.baseUrl) throw new Error(`the ${this.name} backend is not configured for this service`);
    this.trimmedOrigin ??= this.baseUrl.replace(/\/+$/, "");
    return this.trimmedOrigin;
  }

  /**
   * The base URL as undici's dispatch takes it: the origin apart from the path the backend is mounted under (user-info
   * serves bags under `/bags`), which every forwarded path is put behind; and the server, as spans name it.
   */
  private dispatchTarget(): { origin: string; basePath: string; server: BackendServer } {
    if (!this.target) {
      const url = new URL(this.origin());
      const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
      this.target = {
        origin: url.origin,
        basePath: url.pathname.replace(/\/+$/, ""),
        server: { address: url.hostname, port },
      };
    }
    return this.target;
  }

  /** Who a call is made for: a named service account, the verified caller, or nobody (anonymous calls). */
  private callerOf(request: FastifyRequest, options: { anonymous?: boolean; actAs?: string } = {}) {
    if (options.actAs) return serviceAccount(options.actAs);
    return !options.anonymous && request.user ? request.user : undefined;
  }

  private identityOf(caller: AuthUser | undefined): Record<string, string> {
    return caller ? this.identity.params(caller) : {};
  }

  /** The query a backend gets: the caller's (`base`) less any identity, the overrides, and the caller's identity. */
  private queryFor(caller: AuthUser | undefined, base: string, overrides: Query | undefined): string {
    if (base !== "" || overrides !== undefined || caller === undefined) {
      return backendQuery(base, this.identity.keys, this.identityOf(caller), overrides);
    }
    // The usual passthrough: no query of the caller's. Users of remembered tokens are shared between requests, so
    // their identity query is made once.
    let query = this.identityQueries.get(caller);
    if (query === undefined) {
      query = backendQuery("", this.identity.keys, this.identityOf(caller));
      this.identityQueries.set(caller, query);
    }
    return query;
  }

  /** Identity headers (a signed user token, an account's credentials). */
  private identityHeaders(caller: AuthUser | undefined): Record<string, string> {
    return this.identity.headers?.(caller) ?? {};
  }

  /**
   * A backend request's headers with the identity headers added. No header a caller may pass on (a forward's) or a
   * call names (`callHeaderList`) is an identity header: they carry credentials, and only this adds them.
   */
  private withIdentityHeaders(headers: string[], caller: AuthUser | undefined): string[] {
    if (!this.identity.headers) return headers;
    for (const [name, value] of Object.entries(this.identityHeaders(caller))) headers.push(name, value);
    return headers;
  }

  /**
   * Calls the backend and returns whatever it answered; transport failures become 502/504. The answer is gathered
   * whole as it arrives (AnswerHandler), without a stream to read it through.
   */
  async call<T = unknown>(request: FastifyRequest, options: CallOptions): Promise<BackendResponse<T>> {
    const { json, asText, ...rest } = options;
    const sent =
      json === undefined
        ? rest
        : { ...rest, headers: { "content-type": "application/json" }, body: JSON.stringify(json) };
    const answer = await this.dispatchCall<{ status: number; headers: IncomingHttpHeaders; body: Buffer | Error }>(
      request,
      sent,
      ({ statusCode, headers, whole }, resolve) =>
        whole((error, body) => resolve({ status: statusCode, headers, body: error ?? body })),
    );
    if (answer.body instanceof Error) throw this.brokeOff(request, answer.body);
    return this.interpret<T>(request, answer.status, answer.headers, answer.body.toString("utf8"), asText);
  }

  /** Reads a streamed answer whole: parsed JSON when the backend sent JSON (unless asked for text), otherwise the text. */
  async read<T = unknown>(
    request: FastifyRequest,
    response: StreamedResponse,
    { asText = false }: { asText?: boolean | undefined } = {},
  ): Promise<BackendResponse<T>> {
    let text: string;
    try {
      text = (await response.body.setEncoding("utf8").toArray()).join("");
    } catch (error) {
      throw this.brokeOff(request, error);
    }
    return this.interpret<T>(request, response.status, response.headers, text, asText);
  }

  private brokeOff(request: FastifyRequest, error: unknown): Error {
    request.log.warn({ err: error, backend: this.name }, "backend answer broke off");
    return transportError(this.name, error);
  }

  /** An answer read whole: parsed JSON when the backend sent JSON (unless asked for text), otherwise the text. */
  private interpret<T>(
    request: FastifyRequest,
    status: number,
    headers: IncomingHttpHeaders,
    text: string,
    asText: boolean | undefined,
  ): BackendResponse<T> {
    if (isPageInsteadOfAnswer(status, headers["content-type"])) throw this.pageInstead(request);
    const parsed = asText ? text : parseBody(text, headers);
    if (parsed === MALFORMED && isSuccess(status)) {
      request.log.warn({ backend: this.name, answer: text.slice(0, 200) }, "backend answered malformed JSON");
      throw badGateway(`the ${this.name} backend answered malformed JSON`);
    }
    // A refusal that is not JSON after all is passed on as the text it is.
    const body = parsed === MALFORMED ? text : parsed;
    return { status: meantStatus(status, body, this.errorStatuses), headers, body: body as T };
  }

  /**
   * Calls the backend with the caller's identity and hands back its answer unread, so that large bodies flow
   * through without being held: the caller pipes `body` on (or destroys it). Transport failures become 502/504.
   */
  stream(request: FastifyRequest, options: StreamCallOptions): Promise<StreamedResponse> {
    return this.dispatchCall(request, options, ({ statusCode, headers, stream }, resolve) =>
      resolve({ status: statusCode, headers, body: stream(STREAM_BUFFER_BYTES) }),
    );
  }

  /**
   * Sends a call with the caller's identity, dispatched with AnswerHandler as forward() is (the call's span ends when
   * the answer has all come); `take` picks how the answer's body is taken and resolves the call with it. Transport
   * failures before the answer become 502/504.
   */
  private async dispatchCall<R>(
    request: FastifyRequest,
    options: StreamCallOptions,
    take: (answer: ArrivingAnswer, resolve: (result: R) => void) => void,
  ): Promise<R> {
    const caller = this.callerOf(request, options);
    const query = this.queryFor(caller, "", options.query);
    const method = options.method ?? "GET";
    const { origin, basePath, server } = this.dispatchTarget();
    const path = `${basePath}${checkBackendPath(options.path)}${query ? `?${query}` : ""}`;
    const span = startBackendSpan(request, { backend: this.name, method, path: options.path, server });
    const headers = this.withIdentityHeaders(callHeaderList(request, span?.trace, options.headers), caller);
    const timer = startBackendTimer(request, this.name, method, span);
    try {
      return await new Promise<R>((resolve, reject) => {
        const handler = new AnswerHandler({
          answered: (answer) => {
            timer.answered(answer.statusCode);
            take(answer, resolve);
          },
          failed: reject,
          settled: span && ((outcome) => endBackendSpan(span, outcome)),
        });
        this.dispatcher.dispatch(
          {
            origin,
            path,
            method,
            headers,
            body: options.body ?? null,
            headersTimeout: options.timeoutMs ?? this.timeoutMs,
            bodyTimeout: options.timeoutMs ?? this.timeoutMs,
          },
          handler,
        );
      });
    } catch (error) {
      request.log.warn({ err: error, backend: this.name }, "backend call failed");
      const failure = transportError(this.name, error);
      timer.failed(failure);
      throw failure;
    }
  }

  /**
   * Like `call`, but a non-2xx answer is thrown as a BackendResponseError carrying the backend's status. With
   * `shape`, a 2xx answer must have it (what the handler goes on to read), or the backend failed: 502.
   */
  async json<T = unknown>(request: FastifyRequest, options: CallOptions, shape?: TSchema): Promise<T> {
    return this.expectOk(await this.call<T>(request, options), shape);
  }

  /** The body of a 2xx answer (of `shape`, when given); any other is thrown as a BackendResponseError. */
  expectOk<T>(response: BackendResponse<T>, shape?: TSchema): T {
    if (!isSuccess(response.status)) {
      throw new BackendResponseError(this.name, response.status, response.body);
    }
    if (shape) expectShape(this.name, response.body, shape);
    return response.body;
  }

  /**
   * Streams the caller's request to the backend and the backend's answer back unchanged (status,
   * body, content type), with the identity parameters and headers replaced by the verified user's. A 5xx is
   * the exception: the backend failed, and the caller gets the gateway's own 502 (its body goes to the log).
   * A small answer (a declared length of at most SMALL_ANSWER_BYTES) is read whole and sent in one write; a larger
   * one, or one of unknown length, flows through as it comes.
   *
   * The reply is returned for a handler that is async (it returns it, so that Fastify waits for the answer). A
   * handler that only forwards should be synchronous and return nothing: Fastify waits on a returned reply as on a
   * promise, which puts listeners on the response and costs a turn of the event loop on every request.
   */
  forward(request: FastifyRequest, reply: FastifyReply, options: ForwardOptions): FastifyReply {
    const caller = this.callerOf(request);
    const query = this.queryFor(caller, rawQueryOf(request.url), options.query);
    const method = options.method ?? (request.method as HttpMethod);
    const { origin, basePath, server } = this.dispatchTarget();
    const path = `${basePath}${checkForwardedPath(options.path)}${query ? `?${query}` : ""}`;
    const span = startBackendSpan(request, {
      backend: this.name,
      method,
      path: options.path,
      template: options.template,
      server,
    });
    const sent = forwardedRequest(request, span?.trace);
    const timer = startBackendTimer(request, this.name, method, span);
    const handler = new AnswerHandler({
      answered: (answer) => {
        timer.answered(answer.statusCode);
        try {
          this.answerForwarded(request, reply, method, answer);
        } catch (error) {
          // Answering itself failed: the error model's 500.
          answer.discard();
          if (!reply.sent) reply.send(error);
        }
      },
      failed: (error) => {
        request.log.warn({ err: error, backend: this.name }, "backend forward failed");
        const failure = transportError(this.name, error);
        timer.failed(failure);
        if (!reply.sent) reply.send(failure);
      },
      settled: span && ((outcome) => endBackendSpan(span, outcome)),
    });
    this.dispatcher.dispatch(
      {
        origin,
        path,
        method,
        headers: this.withIdentityHeaders(sent.headers, caller),
        body: sent.body ?? null,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      },
      handler,
    );
    return reply;
  }

  private answerForwarded(
    request: FastifyRequest,
    reply: FastifyReply,
    method: HttpMethod,
    answer: ArrivingAnswer,
  ): void {
    const { statusCode, headers } = answer;
    // The caller has gone: nobody to answer.
    if (request.raw.socket?.destroyed) {
      answer.discard();
      return;
    }
    for (const name in headers) {
      const value = headers[name];
      if (value !== undefined && !isHopByHop(name)) reply.header(name, value);
    }
    // The backend answered before the caller's body was all read: the connection cannot serve another request.
    if (!request.raw.complete) reply.header("connection", "close");
    if (statusCode > 599) {
      answer.discard();
      dropBackendHeaders(reply);
      reply.send(badGateway(`the ${this.name} backend answered with status ${statusCode}`));
      return;
    }
    reply.code(statusCode);
    if (isPageInsteadOfAnswer(statusCode, headers["content-type"])) this.refusePage(request, reply, answer);
    else if (this.errorStatuses && mayMeanOtherwise(statusCode)) this.sendFailure(request, reply, answer);
    else if (isFailure(statusCode) || (this.refusalsOutsideModel && !isSuccess(statusCode)))
      this.sendInErrorModel(request, reply, answer);
    else if (method !== "HEAD" && Number(headers["content-length"]) <= SMALL_ANSWER_BYTES)
      this.sendWhole(request, reply, answer);
    else reply.send(answer.stream(STREAM_BUFFER_BYTES));
  }

  /** A small answer read whole: one write to the caller; a body that stops coming is a 504 before anything is sent. */
  private sendWhole(request: FastifyRequest, reply: FastifyReply, answer: ArrivingAnswer): void {
    answer.whole((error, body) => {
      if (!error) {
        reply.send(body);
        return;
      }
      request.log.warn({ err: error, backend: this.name }, "backend answer broke off");
      dropBackendHeaders(reply);
      reply.send(transportError(this.name, error));
    });
  }

  /**
   * A forwarded page is not read: its connection is closed, and the caller gets the 502 in its place, without the
   * page's headers (a sign-in page's cookies among them).
   */
  private refusePage(request: FastifyRequest, reply: FastifyReply, answer: ArrivingAnswer): void {
    answer.discard();
    dropBackendHeaders(reply);
    reply.send(this.pageInstead(request));
  }

  /** A forwarded refusal, read whole (error bodies are small), answered as `json()` would throw it. */
  private sendInErrorModel(request: FastifyRequest, reply: FastifyReply, answer: ArrivingAnswer): void {
    const headers = reply.getHeaders() as IncomingHttpHeaders;
    this.read(request, { status: reply.statusCode, headers, body: answer.stream(STREAM_BUFFER_BYTES) })
      .then((answer) => {
        dropBackendHeaders(reply);
        reply.send(new BackendResponseError(this.name, answer.status, answer.body));
      })
      .catch((error: unknown) => reply.send(error));
  }

  private pageInstead(request: FastifyRequest): Error {
    request.log.warn({ backend: this.name }, "backend answered an HTML page with a success status");
    return badGateway(`the ${this.name} backend answered with an HTML page, not its answer`);
  }

  /** A 5xx or 401 answer passed on is read first (error bodies are small), so its status can say what its code means. */
  private sendFailure(request: FastifyRequest, reply: FastifyReply, answer: ArrivingAnswer): void {
    const headers = reply.getHeaders() as IncomingHttpHeaders;
    const body = answer.stream(STREAM_BUFFER_BYTES);
    this.read<string>(request, { status: reply.statusCode, headers, body }, { asText: true })
      .then((answer) => {
        const parsed = parseBody(answer.body, headers);
        const refusal = parsed === MALFORMED ? answer.body : parsed;
        const status = meantStatus(answer.status, refusal, this.errorStatuses);
        if (!isFailure(status) && !this.refusalsOutsideModel) reply.code(status).send(answer.body);
        else {
          dropBackendHeaders(reply);
          // A refusal is answered in the error model; a failure's body is kept as the backend's text.
          reply.send(new BackendResponseError(this.name, status, isFailure(status) ? answer.body : refusal));
        }
      })
      .catch((error: unknown) => reply.send(error));
  }
}
