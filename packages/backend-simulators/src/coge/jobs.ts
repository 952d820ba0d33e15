import type { FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";
import { defineModule } from "../framework/module.js";
import { type CallerOf, signedInCaller } from "./caller.js";
import { cogeErrors, invalid, notFound } from "./errors.js";
import { type GenomeState, visibleTo } from "./genome-store.js";

/** A CoGe workflow started through the API: a FASTA export or a genome load. */
export interface CogeJob {
  id: number;
  type: "export_fasta" | "load_genome";
  user: string;
  status: "Scheduled";
  parameters: Record<string, unknown>;
  submitted: number;
}

export interface JobState {
  jobs: Map<number, CogeJob>;
  nextId: number;
}

const ExportFastaRequest = Type.Object({
  type: Type.String(),
  parameters: Type.Object(
    {
      genome_id: Type.Integer({ minimum: 1 }),
      dest_type: Type.String(),
      overwrite: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
      email: Type.Optional(Type.String({ minLength: 3 })),
    },
    { additionalProperties: false },
  ),
});

const LoadGenomeRequest = Type.Object({
  organism_id: Type.Integer({ minimum: 1 }),
  metadata: Type.Object({
    name: Type.String({ minLength: 1 }),
    version: Type.String({ minLength: 1 }),
    type_id: Type.Integer({ minimum: 1 }),
    source_name: Type.String({ minLength: 1 }),
    restricted: Type.Boolean(),
  }),
  source_data: Type.Array(Type.Object({ type: Type.Literal("irods"), path: Type.String({ pattern: "^/" }) }), {
    minItems: 1,
  }),
});

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

const siteOf = (request: FastifyRequest) => `${request.protocol}://${request.host}/coge`;

/**
 * Work CoGe does for a signed-in user: `PUT /jobs` exporting a genome's FASTA file to the data store
 * (`type: "export_fasta"`, `dest_type: "irods"`), `PUT /genomes` loading data-store files into a genome to
 * view, both answering `{success, id, site_url}`, and `GET /jobs/{id}` for the submitter.
 */
export const jobsModule = (callerOf: CallerOf) =>
  defineModule<JobState>({
    makeState: () => ({ jobs: new Map(), nextId: 70_001 }),
    routes(app, state, all) {
      const genomes = () => all().genomes as GenomeState;
      const submit = (job: Omit<CogeJob, "id" | "status" | "submitted">): CogeJob => {
        const created: CogeJob = { ...job, id: state().nextId++, status: "Scheduled", submitted: Date.now() };
        state().jobs.set(created.id, created);
        return created;
      };

      app.put<{ Body: Static<typeof ExportFastaRequest> }>(
        "/jobs",
        { ...cogeErrors, schema: { body: ExportFastaRequest } },
        async (request) => {
          const user = await signedInCaller(callerOf, request);
          const { type, parameters } = request.body;
          if (type !== "export_fasta") throw invalid(`unsupported job type ${type}`);
          if (parameters.dest_type !== "irods") throw invalid(`unsupported destination type ${parameters.dest_type}`);
          const genome = genomes().genomes.get(parameters.genome_id);
          if (!genome || !visibleTo(genome, user)) throw notFound("Genome");
          const job = submit({ type, user, parameters });
          return { success: true, id: job.id, site_url: `${siteOf(request)}/jobs/${job.id}` };
        },
      );

      app.put<{ Body: Static<typeof LoadGenomeRequest> }>(
        "/genomes",
        { ...cogeErrors, schema: { body: LoadGenomeRequest } },
        async (request) => {
          const user = await signedInCaller(callerOf, request);
          if (!genomes().organisms.has(request.body.organism_id)) throw notFound("Organism");
          const job = submit({ type: "load_genome", user, parameters: request.body });
          return { success: true, id: job.id, site_url: `${siteOf(request)}/LoadGenome.pl?wid=${job.id}` };
        },
      );

      app.get<{ Params: Static<typeof IdParams> }>(
        "/jobs/:id",
        { ...cogeErrors, schema: { params: IdParams } },
        async (request) => {
          const user = await signedInCaller(callerOf, request);
          const job = state().jobs.get(request.params.id);
          if (!job || job.user !== user) throw notFound("Job");
          const { user: _user, ...shown } = job;
          return shown;
        },
      );
    },
  });
