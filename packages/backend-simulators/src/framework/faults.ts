import type { FastifyInstance } from "fastify";
import { Type } from "typebox";

/** How a simulator misbehaves on purpose, so that tests can show what the gateway does about it. */
export interface Fault {
  /**
   * `json-500`: 500 with a JSON body; `html-500`: 500 with an HTML page; `hang`: never answers; `delay`: answers
   * late; `stall-body`: JSON whose body stops partway and never ends (a backend stuck mid-answer), with `status`.
   * Answers that succeed but cannot be what was asked for: `garbled-200`, 200 labelled JSON that is not;
   * `html-200`, 200 with an HTML page and a cookie (a sign-in proxy's, say); `json-200`, 200 with `body` as JSON. `json-status`: any
   * `status` with `body` as JSON (a refusal one call gets and the one before did not, say).
   */
  mode:
    | "json-500"
    | "html-500"
    | "hang"
    | "delay"
    | "stall-body"
    | "garbled-200"
    | "html-200"
    | "json-200"
    | "json-status";
  delayMs?: number;
  /** The status a `stall-body` or `json-status` fault answers with: 200 and 500 unless given. */
  status?: number;
  /** The JSON a `json-200` or `json-status` fault answers. */
  body?: unknown;
  /** The length a `stall-body` answer declares (4096 unless given): a large answer is streamed, a small one read whole. */
  declaredBytes?: number;
  /** Only requests whose path (without query) matches this regular expression. */
  path?: string;
  method?: string;
}

export const FaultSchema = Type.Object({
  mode: Type.Union(
    ["json-500", "html-500", "hang", "delay", "stall-body", "garbled-200", "html-200", "json-200", "json-status"].map(
      (mode) => Type.Literal(mode),
    ),
  ),
  delayMs: Type.Optional(Type.Integer({ minimum: 0 })),
  status: Type.Optional(Type.Integer({ minimum: 200, maximum: 599 })),
  body: Type.Optional(Type.Unknown()),
  declaredBytes: Type.Optional(Type.Integer({ minimum: 64 })),
  path: Type.Optional(Type.String()),
  method: Type.Optional(Type.String()),
});

/** A request a fault was applied to. */
export interface FaultedRequest {
  mode: Fault["mode"];
  method: string;
  path: string;
  /** Its `x-request-id`, which the gateway sets to the id of the request it was serving. */
  requestId: string | undefined;
}

export class Faults {
  private current: Fault[] = [];
  /**
   * Every request a fault was applied to, newest last. A hung request never reaches the recorder, so this is
   * where a test sees what arrived while a backend hung (a retried POST arriving twice, for one).
   */
  readonly applied: FaultedRequest[] = [];

  set(...faults: Fault[]): void {
    this.current = faults;
  }

  /** Removes the faults; what they were applied to stays listed until `forget()`. */
  clear(): void {
    this.current = [];
  }

  forget(): void {
    this.applied.length = 0;
  }

  matching(method: string, url: string): Fault | undefined {
    const pathOnly = url.split("?")[0] ?? url;
    return this.current.find(
      (fault) =>
        (!fault.method || fault.method.toUpperCase() === method) &&
        (!fault.path || new RegExp(fault.path).test(pathOnly)),
    );
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function installFaults(app: FastifyInstance, faults: Faults): void {
  app.addHook("onRequest", async (request, reply) => {
    if (request.url.startsWith("/__sim/")) return;
    const fault = faults.matching(request.method, request.url);
    if (!fault) return;
    const requestId = request.headers["x-request-id"];
    faults.applied.push({
      mode: fault.mode,
      method: request.method,
      path: request.url.split("?")[0] ?? request.url,
      requestId: typeof requestId === "string" ? requestId : undefined,
    });
    switch (fault.mode) {
      case "delay":
        await sleep(fault.delayMs ?? 100);
        return;
      case "hang":
        // Never answer; the socket is destroyed when the simulator stops.
        await new Promise(() => {});
        return;
      case "stall-body":
        reply.hijack();
        reply.raw.writeHead(fault.status ?? 200, {
          "content-type": "application/json",
          "content-length": String(fault.declaredBytes ?? 4096),
        });
        reply.raw.write('{"answer": [');
        // The rest never comes; the socket is destroyed when the simulator stops.
        await new Promise(() => {});
        return;
      case "json-500":
        return reply.code(500).send({ error_code: "ERR_SIMULATED", reason: "simulated backend failure" });
      case "html-500":
        return reply.code(500).type("text/html").send("<html><body><h1>500 Internal Server Error</h1></body></html>");
      case "garbled-200":
        return reply.code(200).type("application/json").send('{"answer": [');
      case "html-200":
        // As a sign-in proxy's page comes: with a cookie of its own.
        return reply
          .code(200)
          .type("text/html")
          .header("set-cookie", "proxy_session=simulated; Path=/; HttpOnly")
          .send("<html><body><h1>Welcome</h1></body></html>");
      case "json-200":
      case "json-status":
        return reply
          .code(fault.mode === "json-200" ? 200 : (fault.status ?? 500))
          .type("application/json")
          .send(JSON.stringify(fault.body ?? null));
    }
  });
}
