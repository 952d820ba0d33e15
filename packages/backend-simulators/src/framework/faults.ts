import type { FastifyInstance } from "fastify";
import { Type } from "typebox";

/** How a simulator misbehaves on purpose, so that tests can show what the gateway does about it. */
export interface Fault {
  /** `json-500`: 500 with a JSON body; `html-500`: 500 with an HTML page; `hang`: never answers; `delay`: answers late. */
  mode: "json-500" | "html-500" | "hang" | "delay";
  delayMs?: number;
  /** Only requests whose path (without query) matches this regular expression. */
  path?: string;
  method?: string;
}

export const FaultSchema = Type.Object({
  mode: Type.Union([Type.Literal("json-500"), Type.Literal("html-500"), Type.Literal("hang"), Type.Literal("delay")]),
  delayMs: Type.Optional(Type.Integer({ minimum: 0 })),
  path: Type.Optional(Type.String()),
  method: Type.Optional(Type.String()),
});

export class Faults {
  private current: Fault[] = [];

  set(...faults: Fault[]): void {
    this.current = faults;
  }

  clear(): void {
    this.current = [];
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
    switch (fault.mode) {
      case "delay":
        await sleep(fault.delayMs ?? 100);
        return;
      case "hang":
        // Never answer; the socket is destroyed when the simulator stops.
        await new Promise(() => {});
        return;
      case "json-500":
        return reply.code(500).send({ error_code: "ERR_SIMULATED", reason: "simulated backend failure" });
      case "html-500":
        return reply.code(500).type("text/html").send("<html><body><h1>500 Internal Server Error</h1></body></html>");
    }
  });
}
