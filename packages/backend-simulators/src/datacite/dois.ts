import { randomInt } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";
import { defineModule } from "../framework/module.js";
import { DATACITE_ACCOUNT } from "./account.js";
import { checkCredentials } from "./credentials.js";
import { dataciteErrors, notAuthorized, notFound, unprocessable } from "./errors.js";
import { metadataProblems } from "./metadata-xml.js";

type DoiState = "draft" | "registered" | "findable";

/** A DOI the simulated DataCite has minted, in the shape of a JSON:API `dois` resource. */
export interface MintedDoi {
  id: string;
  type: "dois";
  attributes: {
    doi: string;
    prefix: string;
    suffix: string;
    state: DoiState;
    url: string | null;
    xml: string | null;
    created: string;
    registered: string | null;
    published: string | null;
    updated: string;
  };
  relationships: { client: { data: { id: string; type: "clients" } } };
}

export interface DoiStore {
  /** By lower-cased DOI: DOIs are case-insensitive. */
  dois: Map<string, MintedDoi>;
}

const EVENT_STATE: Record<string, DoiState> = { publish: "findable", register: "registered", hide: "registered" };

const CreateDoi = Type.Object({
  data: Type.Object({
    type: Type.Literal("dois"),
    attributes: Type.Object({
      event: Type.Optional(Type.Union(Object.keys(EVENT_STATE).map((event) => Type.Literal(event)))),
      doi: Type.Optional(Type.String()),
      prefix: Type.Optional(Type.String()),
      url: Type.Optional(Type.String()),
      xml: Type.Optional(Type.String()),
    }),
  }),
});
type Attributes = Static<typeof CreateDoi>["data"]["attributes"];

/** DataCite's generated suffixes: eight characters of Crockford's base32, `xxxx-xxxx`. */
const SUFFIX_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const randomSuffix = () =>
  Array.from({ length: 8 }, (_, index) => (index === 4 ? "-" : "") + SUFFIX_ALPHABET[randomInt(32)]).join("");

function requestedDoi(attributes: Attributes): { prefix: string; suffix: string } {
  if (attributes.doi) {
    const [prefix = "", ...rest] = attributes.doi.split("/");
    if (rest.length === 0 || rest.join("/") === "") throw unprocessable([{ source: "doi", title: "Is invalid" }]);
    return { prefix, suffix: rest.join("/") };
  }
  if (!attributes.prefix) throw unprocessable([{ source: "doi", title: "Can't be blank" }]);
  return { prefix: attributes.prefix, suffix: randomSuffix() };
}

function registrationProblems(attributes: Attributes): Array<{ source: string; title: string }> {
  const urlProblems = !attributes.url
    ? [{ source: "url", title: "Can't be blank" }]
    : /^https?:\/\/\S+$/.test(attributes.url)
      ? []
      : [{ source: "url", title: "Is not a valid URL" }];
  return [...urlProblems, ...metadataProblems(attributes.xml)];
}

/**
 * DataCite's REST API, the part the gateway uses: `POST /dois` (basic auth; 201 with the new DOI, 401 bad
 * credentials, 403 a prefix the account does not own, 422 invalid or taken), `GET /dois/{doi}` and
 * `GET /heartbeat` (`OK`).
 */
export const dois = defineModule<DoiStore>({
  makeState: () => ({ dois: new Map() }),
  routes(app, state) {
    app.addContentTypeParser(
      "application/vnd.api+json",
      { parseAs: "string" },
      app.getDefaultJsonParser("error", "error"),
    );

    app.get("/heartbeat", async (_request, reply) => reply.type("text/plain").send("OK"));

    app.post<{ Body: Static<typeof CreateDoi> }>(
      "/dois",
      {
        ...dataciteErrors,
        // Credentials are checked before the body, as DataCite does.
        preValidation: async (request) => checkCredentials(request),
        schema: { body: CreateDoi },
      },
      async (request, reply) => {
        const { attributes } = request.body.data;
        const { prefix, suffix } = requestedDoi(attributes);
        if (prefix !== DATACITE_ACCOUNT.prefix) throw notAuthorized();
        const doi = `${prefix}/${suffix}`.toLowerCase();
        if (state().dois.has(doi)) throw unprocessable([{ source: "doi", title: "This DOI has already been taken" }]);
        const doiState = attributes.event ? (EVENT_STATE[attributes.event] ?? "draft") : "draft";
        if (doiState !== "draft") {
          const problems = registrationProblems(attributes);
          if (problems.length > 0) throw unprocessable(problems);
        }
        const now = new Date().toISOString();
        const minted: MintedDoi = {
          id: doi,
          type: "dois",
          attributes: {
            doi,
            prefix,
            suffix: suffix.toLowerCase(),
            state: doiState,
            url: attributes.url ?? null,
            xml: attributes.xml ?? null,
            created: now,
            registered: doiState === "draft" ? null : now,
            published: doiState === "findable" ? now : null,
            updated: now,
          },
          relationships: { client: { data: { id: DATACITE_ACCOUNT.username.toLowerCase(), type: "clients" } } },
        };
        state().dois.set(doi, minted);
        return reply.code(201).type("application/vnd.api+json").send({ data: minted });
      },
    );

    // Drafts are the account's own; registered and findable DOIs are public.
    const show = async (request: FastifyRequest, doi: string) => {
      const found = state().dois.get(doi.toLowerCase());
      if (!found) throw notFound();
      if (found.attributes.state === "draft") checkCredentials(request);
      return { data: found };
    };
    app.get<{ Params: { prefix: string; suffix: string } }>("/dois/:prefix/:suffix", dataciteErrors, (request) =>
      show(request, `${request.params.prefix}/${request.params.suffix}`),
    );
    app.get<{ Params: { id: string } }>("/dois/:id", dataciteErrors, (request) => show(request, request.params.id));
  },
});
