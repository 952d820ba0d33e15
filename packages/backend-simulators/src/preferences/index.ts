import type { FastifyInstance } from "fastify";
import { Simulator, type SimulatorOptions } from "../framework/simulator.js";

/** The three per-user documents the preferences (user-info) backend keeps. */
export const DOCUMENT_KINDS = ["preferences", "sessions", "searches"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export type PreferencesState = Record<DocumentKind, Map<string, unknown>>;

const emptyState = (): PreferencesState => ({
  preferences: new Map(),
  sessions: new Map(),
  searches: new Map(),
});

/**
 * API: `GET /{kind}/{username}` returns the stored JSON document (404 when there is none),
 * `PUT` or `POST` stores the body as it is and returns it, `DELETE` removes it (200 even if absent).
 */
function routes(app: FastifyInstance, sim: Simulator<PreferencesState>): void {
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      const error = Object.assign(new Error("body is not valid JSON"), { statusCode: 400 });
      done(error, undefined);
    }
  });
  for (const kind of DOCUMENT_KINDS) {
    const store = () => sim.state[kind];
    app.get<{ Params: { username: string } }>(`/${kind}/:username`, async (request, reply) => {
      const { username } = request.params;
      if (!store().has(username)) return reply.code(404).send({ error: `no ${kind} stored for ${username}` });
      return reply.type("application/json").send(JSON.stringify(store().get(username)));
    });
    const save = async (
      request: { params: { username: string }; body: unknown },
      reply: import("fastify").FastifyReply,
    ) => {
      store().set(request.params.username, request.body ?? null);
      return reply.type("application/json").send(JSON.stringify(request.body ?? null));
    };
    app.put<{ Params: { username: string } }>(`/${kind}/:username`, save);
    app.post<{ Params: { username: string } }>(`/${kind}/:username`, save);
    app.delete<{ Params: { username: string } }>(`/${kind}/:username`, async (request) => {
      store().delete(request.params.username);
      return {};
    });
  }
}

export function createPreferencesSimulator(options: SimulatorOptions = {}): Simulator<PreferencesState> {
  return new Simulator("preferences", emptyState, routes, options);
}
