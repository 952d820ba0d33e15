import type { IncomingHttpHeaders } from "node:http";
import type { FastifyInstance } from "fastify";

/** What a simulator received: tests use it to prove what the gateway sent (identity, target, headers). */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export class Recorder {
  readonly requests: RecordedRequest[] = [];

  clear(): void {
    this.requests.length = 0;
  }

  /** Requests whose path matches, newest last. */
  to(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter(
      (request) =>
        request.method === method && (typeof path === "string" ? request.path === path : path.test(request.path)),
    );
  }
}

/** Records each request once its body is parsed, before a route's schema can refuse it: a refused request was sent too. */
export function installRecorder(app: FastifyInstance, recorder: Recorder): void {
  app.addHook("preValidation", async (request) => {
    if (request.url.startsWith("/__sim/")) return;
    const [rawPath = "", rawQuery = ""] = request.url.split("?");
    const query: Record<string, string | string[]> = {};
    for (const [key, value] of new URLSearchParams(rawQuery)) {
      const existing = query[key];
      query[key] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
    }
    recorder.requests.push({
      method: request.method,
      path: rawPath,
      query,
      headers: request.headers,
      body: request.body,
    });
  });
}
