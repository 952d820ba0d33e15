import { dataPath, path } from "@de-gateway/backend-clients";
import { badRequest, GatewayError } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { cogeJson } from "../coge/coge-answers.js";
import { cogeDataFolder } from "../coge/coge-folder.js";
import { GENOME_VIEWER_LOAD } from "../coge/settings.js";
import { shareWithCoge } from "../coge/share-with-coge.js";
import type { Config } from "../config.js";
import { BackendAnswer, commonErrors, fieldCodes, PathList } from "../schemas.js";

/** CoGe refuses shorter search terms; the gateway says so first. */
const MINIMUM_TERM_LENGTH = 3;

const TAGS = ["coge"];

const GenomeParams = Type.Object({ genomeId: Type.Integer({ minimum: 1, description: "the CoGe genome's id" }) });
const ExportQuery = Type.Object({
  notify: Type.Optional(Type.Boolean({ description: "e-mail the caller when the export is done (default false)" })),
  overwrite: Type.Optional(Type.Boolean({ description: "replace a FASTA file already there (default false)" })),
});
const GenomeSearchAnswer = Type.Object({ genomes: Type.Array(BackendAnswer("a CoGe genome")) });
/** What the genome viewer's load is read for; its `site_url` is checked on its own. */
const LoadAnswer = Type.Object({ site_url: Type.Optional(Type.Unknown()) });
const ExportAnswer = Type.Object(
  {
    id: Type.Integer({ description: "the CoGe job's id" }),
    success: Type.Boolean({ description: "whether CoGe accepted the export" }),
  },
  { additionalProperties: true },
);

/**
 * CoGe, the genome viewer: genome search, FASTA export into the caller's CoGe folder and loading the
 * caller's files for viewing. CoGe knows the caller from a gateway-signed token; what it must reach in the
 * data store is first shared with its account.
 */
export const coge: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const { coge: cogeBackend, fileInfo } = app.backends;

  app.get(
    "/coge/genomes",
    {
      config: fieldCodes,
      schema: {
        summary: "Search CoGe's genomes (id, name, description or organism containing the term)",
        tags: TAGS,
        querystring: Type.Object({
          search: Type.String({ description: `the search term, at least ${MINIMUM_TERM_LENGTH} characters` }),
        }),
        response: { 200: GenomeSearchAnswer, ...commonErrors },
      },
    },
    async (request) => {
      const term = request.query.search.trim();
      if (term.length < MINIMUM_TERM_LENGTH) {
        throw badRequest(`search must be at least ${MINIMUM_TERM_LENGTH} characters long`, "ERR_BAD_OR_MISSING_FIELD", {
          search: request.query.search,
        });
      }
      return cogeJson(cogeBackend, request, { path: path`/genomes/search/${term}` }, GenomeSearchAnswer);
    },
  );

  app.post(
    "/coge/genomes/:genomeId/export-fasta",
    {
      config: fieldCodes,
      schema: {
        summary: "Have CoGe export a genome's FASTA file into the caller's CoGe folder",
        description: "The folder (coge_data in the caller's home) is created if missing and shared with CoGe.",
        tags: TAGS,
        params: GenomeParams,
        querystring: ExportQuery,
        response: { 200: ExportAnswer, ...commonErrors },
      },
    },
    async (request) => {
      const { notify = false, overwrite = false } = request.query;
      const folder = await cogeDataFolder(fileInfo, request);
      await shareWithCoge(fileInfo, request, config.COGE_ACCOUNT, [folder]);
      return cogeJson(
        cogeBackend,
        request,
        {
          method: "PUT",
          path: "/jobs",
          json: {
            type: "export_fasta",
            parameters: {
              genome_id: request.params.genomeId,
              dest_type: "irods",
              overwrite: overwrite ? 1 : 0,
              ...(notify && request.user.email ? { email: request.user.email } : {}),
            },
          },
        },
        ExportAnswer,
      );
    },
  );

  app.post(
    "/coge/genomes/load",
    {
      config: fieldCodes,
      schema: {
        summary: "Load the caller's files into CoGe for viewing; answers the viewer's URL",
        description: "The files are shared with CoGe first; the caller must own them.",
        tags: TAGS,
        body: Type.Object({ paths: PathList("the data-store files to view") }),
        response: {
          200: Type.Object({ coge_genome_url: Type.String({ description: "where to view the files in CoGe" }) }),
          ...commonErrors,
        },
      },
    },
    async (request) => {
      const paths = [...new Set(request.body.paths.map((entry) => dataPath(entry, "paths")))];
      await shareWithCoge(fileInfo, request, config.COGE_ACCOUNT, paths);
      const loaded = await cogeJson<{ site_url?: unknown }>(
        cogeBackend,
        request,
        {
          method: "PUT",
          path: "/genomes",
          json: { ...GENOME_VIEWER_LOAD, source_data: paths.map((file) => ({ type: "irods", path: file })) },
        },
        LoadAnswer,
      );
      if (typeof loaded.site_url !== "string") {
        throw new GatewayError(502, "CoGe's answer named no viewer URL", "ERR_BAD_GATEWAY", {
          backend_response: loaded,
        });
      }
      return { coge_genome_url: loaded.site_url };
    },
  );
};
