import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DEMO_USER_DOMAIN } from "../demo-users.js";
import { answers, NoBody } from "../framework/answers.js";
import { Simulator, type SimulatorOptions } from "../framework/simulator.js";
import { type AlertRecord, alertRoutes } from "./alerts.js";
import { DocumentAnswers } from "./answer-schemas.js";
import { type BagsState, bagRoutes } from "./bags.js";
import { KEY, NotJson, readAnswer, refusalOf, savedAnswer, Unanswerable } from "./documents.js";
import { asGoFormatString } from "./saved-searches.js";

/** The three per-user documents the preferences (user-info) backend keeps. */
export const DOCUMENT_KINDS = ["preferences", "sessions", "searches"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export type PreferencesState = Record<DocumentKind, Map<string, unknown>> & { alerts: AlertRecord[]; bags: BagsState };

// Go's http.Error and its sniffing of JSON without a content type both label answers so.
const TEXT = "text/plain; charset=utf-8";

const emptyState = (): PreferencesState => ({
  preferences: new Map(),
  sessions: new Map(),
  searches: new Map(),
  alerts: [],
  bags: new Map(),
});

/**
 * API, as cyverse-de/user-info answers it: `GET /{kind}/{username}` returns the stored JSON document, `{}` when
 * there is none; `PUT` or `POST` stores the body as it is and returns it wrapped (`{session: …}`,
 * `{preferences: …}`, `{saved_searches: …}`); `DELETE` removes it (200 without a body, even if absent). Preferences
 * and sessions follow `convertPrefs`/`convertSessions` (documents.ts): objects only, unwrapped when read. Saved
 * searches are any JSON, read back through Go's formatter (saved-searches.ts). user-info writes its JSON without a
 * content type, so Go's sniffing labels every answer text/plain, and so does this simulator.
 *
 * user-info knows the users the apps backend recorded at login, by their qualified names (`alice@<domain>`); here
 * every name qualified with the demo users' domain is known. Any other name is refused as user-info refuses it:
 * 400 `User … does not exist` for sessions; 404 `{"user": …}` for preferences and saved searches, except that
 * removing the saved searches of an unknown user answers 200.
 */
async function routes(app: FastifyInstance, sim: Simulator<PreferencesState>): Promise<void> {
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      const error = Object.assign(new Error("body is not valid JSON"), { statusCode: 400 });
      done(error, undefined);
    }
  });
  alertRoutes(app, () => sim.state.alerts);
  bagRoutes(app, () => sim.state.bags);
  await app.register(async (scope) => documentRoutes(scope, sim));
}

/** The three per-user documents; each handler reads the body itself, as user-info's do, with its own words. */
function documentRoutes(app: FastifyInstance, sim: Simulator<PreferencesState>): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch (error) {
      done(null, new NotJson((error as Error).message));
    }
  });
  const answer = (reply: FastifyReply, document: unknown) => reply.type(TEXT).send(JSON.stringify(document));
  // Go's http.Error: the text and a newline.
  const refuse = (reply: FastifyReply, status: number, text: string) => reply.code(status).type(TEXT).send(`${text}\n`);
  for (const kind of DOCUMENT_KINDS) {
    const store = () => sim.state[kind];
    const options = { preHandler: refuseUnknownUser(kind) };
    const { read, saved } = DocumentAnswers[kind];
    app.get<{ Params: { username: string } }>(
      `/${kind}/:username`,
      { ...options, ...answers({ 200: read }) },
      async (request, reply) => {
        const { username } = request.params;
        if (!store().has(username)) return answer(reply, {});
        if (kind === "searches") return reply.type(TEXT).send(asGoFormatString(JSON.stringify(store().get(username))));
        try {
          return answer(reply, readAnswer(kind, store().get(username)));
        } catch (error) {
          if (!(error instanceof Unanswerable)) throw error;
          request.raw.socket.destroy();
          return reply;
        }
      },
    );
    const save = async (request: { params: { username: string }; body: unknown }, reply: FastifyReply) => {
      const body = request.body;
      if (kind === "searches") {
        if (body instanceof NotJson) return refuse(reply, 400, `Error parsing body: ${body.problem}`);
        store().set(request.params.username, body);
        return answer(reply, { [KEY[kind]]: body });
      }
      const refusal = refusalOf(kind, body);
      if (refusal) return refuse(reply, 500, refusal);
      store().set(request.params.username, body);
      return answer(reply, savedAnswer(kind, body));
    };
    app.put<{ Params: { username: string } }>(`/${kind}/:username`, { ...options, ...answers({ 200: saved }) }, save);
    app.post<{ Params: { username: string } }>(`/${kind}/:username`, { ...options, ...answers({ 200: saved }) }, save);
    // user-info's delete handlers write nothing: 200 without a body.
    app.delete<{ Params: { username: string } }>(
      `/${kind}/:username`,
      { ...options, ...answers({ 200: NoBody }) },
      async (request, reply) => {
        store().delete(request.params.username);
        return reply.type(TEXT).send("");
      },
    );
  }
}

function isKnownUser(name: string): boolean {
  const at = name.indexOf("@");
  return at > 0 && name.slice(at + 1) === DEMO_USER_DOMAIN;
}

const refuseUnknownUser =
  (kind: DocumentKind) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { username } = request.params as { username: string };
    if (isKnownUser(username)) return;
    if (kind === "sessions") await reply.code(400).type(TEXT).send(`User ${username} does not exist\n`);
    else if (kind === "searches" && request.method === "DELETE") await reply.send("");
    else
      await reply
        .code(404)
        .type(TEXT)
        .send(`${JSON.stringify({ user: username })}\n`);
  };

export function createPreferencesSimulator(options: SimulatorOptions = {}): Simulator<PreferencesState> {
  return new Simulator("preferences", emptyState, routes, options);
}
