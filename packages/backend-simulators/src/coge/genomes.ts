import { type Static, Type } from "typebox";
import { defineModule } from "../framework/module.js";
import type { CallerOf } from "./caller.js";
import { cogeErrors, invalid, notFound } from "./errors.js";
import { described, type GenomeState, makeGenomeState, searchGenomes, visibleTo } from "./genome-store.js";

/** CoGe refuses shorter search terms. */
const MINIMUM_TERM_LENGTH = 3;

const TermParams = Type.Object({ term: Type.String() });
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/**
 * Genome lookup: `GET /genomes/search/{term}` (`{genomes: [...]}`, public genomes plus the restricted
 * ones the caller may read) and `GET /genomes/{id}`.
 */
export const genomesModule = (callerOf: CallerOf) =>
  defineModule<GenomeState>({
    makeState: makeGenomeState,
    routes(app, state) {
      app.get<{ Params: Static<typeof TermParams> }>(
        "/genomes/search/:term",
        { ...cogeErrors, schema: { params: TermParams } },
        async (request) => {
          const term = request.params.term.trim();
          if (term.length < MINIMUM_TERM_LENGTH) {
            throw invalid(`Search term is shorter than ${MINIMUM_TERM_LENGTH} characters`);
          }
          const caller = await callerOf(request);
          return { genomes: searchGenomes(state(), term, caller).map(described) };
        },
      );

      app.get<{ Params: Static<typeof IdParams> }>(
        "/genomes/:id",
        { ...cogeErrors, schema: { params: IdParams } },
        async (request) => {
          const genome = state().genomes.get(request.params.id);
          if (!genome || !visibleTo(genome, await callerOf(request))) throw notFound("Genome");
          return described(genome);
        },
      );
    },
  });
