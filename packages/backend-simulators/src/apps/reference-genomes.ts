import { randomUUID } from "node:crypto";
import { answers, NoBody } from "../framework/answers.js";
import { callerOf, queryOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, exists, notFound } from "../framework/problems.js";
import { bodyObject, queryFlag, requiredText } from "../framework/request-values.js";
import { ReferenceGenome as ReferenceGenomeAnswer, ReferenceGenomesList } from "./answer-schemas/reference-genomes.js";

export interface ReferenceGenome {
  id: string;
  name: string;
  path: string;
  deleted: boolean;
  created_by: string;
  created_on: number;
  last_modified_by: string;
  last_modified_on: number;
}

export interface ReferenceGenomesState {
  genomes: Map<string, ReferenceGenome>;
}

const seedGenome = (id: string, name: string, path: string): ReferenceGenome => ({
  id,
  name,
  path,
  deleted: false,
  created_by: "carol",
  created_on: Date.UTC(2026, 0, 10),
  last_modified_by: "carol",
  last_modified_on: Date.UTC(2026, 0, 10),
});

const SEED_GENOMES = [
  seedGenome(
    "f8a7b6c5-0000-4000-8000-000000000001",
    "Homo sapiens [Human] (GRCh38)",
    "/data2/collections/genomeservices/1.0.0/GRCh38",
  ),
  seedGenome(
    "f8a7b6c5-0000-4000-8000-000000000002",
    "Arabidopsis thaliana (TAIR10)",
    "/data2/collections/genomeservices/1.0.0/TAIR10",
  ),
];

type IdParams = { Params: { genomeId: string } };

/** A reference genome as the apps service answers it: its times printed as dates. */
export const genomeView = (genome: ReferenceGenome) => ({
  ...genome,
  created_on: new Date(genome.created_on).toISOString(),
  last_modified_on: new Date(genome.last_modified_on).toISOString(),
});

export const referenceGenomesOf = (all: () => Record<string, unknown>) =>
  all().referenceGenomes as ReferenceGenomesState;

/** Apps backend: reference genomes users pick in app parameters, maintained by administrators. */
export const referenceGenomes = defineModule<ReferenceGenomesState>({
  makeState: () => ({ genomes: new Map(SEED_GENOMES.map((genome) => [genome.id, structuredClone(genome)])) }),
  routes: (app, state) =>
    backendScope(app, (scope) => {
      const existing = (id: string) => {
        const genome = state().genomes.get(id);
        if (!genome) throw notFound(`reference genome ${id} not found`);
        return genome;
      };
      // reference_genomes.clj: a genome's path, then its name, is its own (the words differ on a change).
      const refuseDuplicate = ({ name, path }: { name?: string; path?: string }, self?: string) => {
        const others = [...state().genomes.values()].filter((genome) => genome.id !== self);
        const which = self ? "Another reference genome" : "A reference genome";
        if (path !== undefined && others.some((genome) => genome.path === path))
          throw exists(`${which} with the given path already exists.`, { path });
        if (name !== undefined && others.some((genome) => genome.name === name))
          throw exists(`${which} with the given name already exists.`, { name });
      };
      scope.get("/reference-genomes", answers({ 200: ReferenceGenomesList }), async (request) => {
        callerOf(request);
        const withDeleted = queryFlag(queryOf(request), "deleted") === true;
        const genomes = [...state().genomes.values()].filter((genome) => withDeleted || !genome.deleted);
        return { genomes: genomes.map(genomeView) };
      });
      scope.get<IdParams>("/reference-genomes/:genomeId", answers({ 200: ReferenceGenomeAnswer }), async (request) => {
        callerOf(request);
        return genomeView(existing(request.params.genomeId));
      });
      scope.post("/admin/reference-genomes", answers({ 200: ReferenceGenomeAnswer }), async (request) => {
        const caller = callerOf(request);
        const body = bodyObject(request.body);
        const name = requiredText(body, "name");
        const path = requiredText(body, "path");
        refuseDuplicate({ name, path });
        const now = Date.now();
        const genome: ReferenceGenome = {
          id: randomUUID(),
          name,
          path,
          deleted: false,
          created_by: caller.username,
          created_on: now,
          last_modified_by: caller.username,
          last_modified_on: now,
        };
        state().genomes.set(genome.id, genome);
        return genomeView(genome);
      });
      scope.patch<IdParams>(
        "/admin/reference-genomes/:genomeId",
        answers({ 200: ReferenceGenomeAnswer }),
        async (request) => {
          const caller = callerOf(request);
          const genome = existing(request.params.genomeId);
          const changes = bodyObject(request.body);
          const given = (value: unknown) => (typeof value === "string" && value.trim() ? value : undefined);
          const name = given(changes.name);
          const path = given(changes.path);
          refuseDuplicate({ name, path }, genome.id);
          if (name) genome.name = name;
          if (path) genome.path = path;
          if (typeof changes.deleted === "boolean") genome.deleted = changes.deleted;
          Object.assign(genome, { last_modified_by: caller.username, last_modified_on: Date.now() });
          return genomeView(genome);
        },
      );
      // Marked as deleted by default; `permanent=true` removes it for good. 200 without a body.
      scope.delete<IdParams>("/admin/reference-genomes/:genomeId", answers({ 200: NoBody }), async (request, reply) => {
        callerOf(request);
        const genome = existing(request.params.genomeId);
        if (queryFlag(queryOf(request), "permanent") === true) state().genomes.delete(genome.id);
        else genome.deleted = true;
        return reply.code(200).send();
      });
    }),
});
