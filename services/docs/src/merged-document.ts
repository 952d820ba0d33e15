import type { FastifyBaseLogger } from "fastify";
import type { DocumentSource } from "./config.js";
import { mergeDocuments, type ServiceDocument } from "./merge.js";
import type { OpenApiDocument } from "./openapi.js";

export interface MergedDocumentOptions {
  sources: readonly DocumentSource[];
  /** The docs service's own document (the page and this document), and the base of the merge. */
  own: () => OpenApiDocument;
  cacheMs: number;
  fetchTimeoutMs: number;
  log: FastifyBaseLogger;
}

const TITLE = "DE API gateway";
const DESCRIPTION = [
  "Every operation of the gateway's URL space, merged from the documents of the services that serve them,",
  "tagged by service. `x-access` says who may call an operation (`none`, `user`, `admin`: a member of an",
  "administrators' group; where anyone may call, an operation whose security lists the token schemes beside",
  "an empty requirement passes a verified caller on); operations marked `x-operational` belong to the",
  "gateway's own running, not to the platform's API.",
].join(" ");

/** A failed fetch: `problem` is published in the document; `cause` (an internal address, say) only goes to the log. */
type Fetched = { ok: true; value: ServiceDocument } | { ok: false; problem: string; cause?: string };

async function fetchDocument({ service, origin }: DocumentSource, timeoutMs: number): Promise<Fetched> {
  try {
    const response = await fetch(`${origin}/openapi.json`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return { ok: false, problem: `${service}: its document answered ${response.status}` };
    return { ok: true, value: { service, document: (await response.json()) as OpenApiDocument } };
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
    return { ok: false, problem: `${service}: its document could not be fetched`, cause };
  }
}

/**
 * The document of the whole URL space, merged from every service's own `/openapi.json` when asked for, so it
 * always describes the routes running now. A complete merge is reused for `cacheMs`; one with problems (a
 * service down, an operation documented twice) is served with them listed in `x-merge-problems`, and not
 * reused, so the next request tries again.
 */
export class MergedDocument {
  private cached?: { document: OpenApiDocument; until: number };
  private building?: Promise<OpenApiDocument>;

  constructor(private readonly options: MergedDocumentOptions) {}

  get(): Promise<OpenApiDocument> {
    if (this.cached && Date.now() < this.cached.until) return Promise.resolve(this.cached.document);
    this.building ??= this.build().finally(() => {
      this.building = undefined;
    });
    return this.building;
  }

  private async build(): Promise<OpenApiDocument> {
    const { sources, fetchTimeoutMs, cacheMs, log } = this.options;
    const fetched = await Promise.all(sources.map((source) => fetchDocument(source, fetchTimeoutMs)));
    const own = this.options.own();
    const documents = fetched.flatMap((result) => (result.ok ? [result.value] : []));
    const base = { ...own, info: { ...own.info, title: TITLE, description: DESCRIPTION } };
    const { document, problems } = mergeDocuments(base, [...documents, { service: "docs", document: own }]);
    const failures = fetched.flatMap((result) => (result.ok ? [] : [result]));
    problems.unshift(...failures.map((failure) => failure.problem));
    if (problems.length === 0) {
      this.cached = { document, until: Date.now() + cacheMs };
      return document;
    }
    const causes = failures.flatMap((failure) => (failure.cause ? [`${failure.problem}: ${failure.cause}`] : []));
    log.warn({ problems, causes }, "the merged API document is incomplete");
    return { ...document, "x-merge-problems": problems };
  }
}
