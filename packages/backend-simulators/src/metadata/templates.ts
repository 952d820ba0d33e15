import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";
import { answers, NoBody } from "../framework/answers.js";
import { defineModule } from "../framework/module.js";
import { Download, MetadataTemplate, MetadataTemplateAttr, MetadataTemplateList } from "./answer-schemas.js";
import { now } from "./clock.js";
import { emptyOk, Uuid } from "./schemas.js";
import { metadataScope, userOf } from "./service.js";
import { blankCsv, guideCsv, templateZip } from "./template-csv.js";
import { TemplateUpdate } from "./template-schemas.js";
import { seededTemplates } from "./template-seed.js";
import {
  addTemplate,
  deleteTemplate,
  existingAttribute,
  existingTemplate,
  type StoredTemplate,
  type TemplatesState,
  updateTemplate,
} from "./template-store.js";
import { attributeView, templateSummary, templateView } from "./template-views.js";

const TemplateParams = Type.Object({ templateId: Uuid });
type TemplateParams = Static<typeof TemplateParams>;
const AttributeParams = Type.Object({ attrId: Uuid });
type AttributeParams = Static<typeof AttributeParams>;

// CSVDownloadQueryParams and TemplateDeletionQueryParams: optional Booleans.
const CsvQuery = Type.Object({ attachment: Type.Optional(Type.Boolean()) });
type CsvQuery = Static<typeof CsvQuery>;
const DeletionQuery = Type.Object({ permanent: Type.Optional(Type.Boolean()) });
type DeletionQuery = Static<typeof DeletionQuery>;
type CsvRequest = { Params: TemplateParams; Querystring: CsvQuery };

const byName = (a: StoredTemplate, b: StoredTemplate) => a.name.localeCompare(b.name);

/** A CSV download, offered as an attachment unless `attachment=false`. */
function csvDownload(request: FastifyRequest<CsvRequest>, reply: FastifyReply, filename: string, body: string) {
  const attachment = request.query.attachment ?? true;
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `${attachment ? "attachment; " : ""}filename="${filename}"`)
    .send(body);
}

function routes(scope: FastifyInstance, state: () => TemplatesState) {
  const listing = (includeDeleted: boolean) => ({
    metadata_templates: [...state().templates.values()]
      .filter((template) => includeDeleted || !template.deleted)
      .sort(byName)
      .map(templateSummary),
  });
  const changeBy = (request: FastifyRequest) => ({ user: userOf(request), at: now() });

  scope.get("/templates", answers({ 200: MetadataTemplateList }), async (request) => {
    userOf(request);
    return listing(false);
  });

  scope.get<{ Params: AttributeParams }>(
    "/templates/attr/:attrId",
    { schema: { params: AttributeParams }, ...answers({ 200: MetadataTemplateAttr }) },
    async (request) => {
      userOf(request);
      return attributeView(state(), existingAttribute(state(), request.params.attrId));
    },
  );

  // Deleted templates can still be read by id, as in the backend.
  scope.get<{ Params: TemplateParams }>(
    "/templates/:templateId",
    { schema: { params: TemplateParams }, ...answers({ 200: MetadataTemplate }) },
    async (request) => {
      userOf(request);
      return templateView(state(), existingTemplate(state(), request.params.templateId));
    },
  );

  scope.get<CsvRequest>(
    "/templates/:templateId/blank-csv",
    { schema: { params: TemplateParams, querystring: CsvQuery }, ...answers({ 200: Download }) },
    async (request, reply) => {
      userOf(request);
      const template = existingTemplate(state(), request.params.templateId);
      return csvDownload(request, reply, "metadata.csv", blankCsv(state(), template));
    },
  );

  scope.get<CsvRequest>(
    "/templates/:templateId/guide-csv",
    { schema: { params: TemplateParams, querystring: CsvQuery }, ...answers({ 200: Download }) },
    async (request, reply) => {
      userOf(request);
      const template = existingTemplate(state(), request.params.templateId);
      return csvDownload(request, reply, "guide.csv", guideCsv(state(), template));
    },
  );

  scope.get<CsvRequest>(
    "/templates/:templateId/zip-csv",
    { schema: { params: TemplateParams, querystring: CsvQuery }, ...answers({ 200: Download }) },
    async (request, reply) => {
      userOf(request);
      const template = existingTemplate(state(), request.params.templateId);
      const attachment = request.query.attachment ?? true;
      return reply
        .header("content-type", "application/zip")
        .header("content-disposition", `${attachment ? "attachment; " : ""}filename="template.zip"`)
        .send(templateZip(state(), template));
    },
  );

  scope.get("/admin/templates", answers({ 200: MetadataTemplateList }), async (request) => {
    userOf(request);
    return listing(true);
  });

  scope.post<{ Body: TemplateUpdate }>(
    "/admin/templates",
    { schema: { body: TemplateUpdate }, ...answers({ 200: MetadataTemplate }) },
    async (request) => templateView(state(), addTemplate(state(), request.body, changeBy(request))),
  );

  scope.put<{ Params: TemplateParams; Body: TemplateUpdate }>(
    "/admin/templates/:templateId",
    { schema: { params: TemplateParams, body: TemplateUpdate }, ...answers({ 200: MetadataTemplate }) },
    async (request) =>
      templateView(state(), updateTemplate(state(), request.params.templateId, request.body, changeBy(request))),
  );

  scope.delete<{ Params: TemplateParams; Querystring: DeletionQuery }>(
    "/admin/templates/:templateId",
    { schema: { params: TemplateParams, querystring: DeletionQuery }, ...answers({ 200: NoBody }) },
    async (request, reply) => {
      const permanent = request.query.permanent ?? false;
      deleteTemplate(state(), request.params.templateId, changeBy(request), permanent);
      return emptyOk(reply);
    },
  );
}

/**
 * Metadata backend: metadata templates (attributes with value types, required flags, enumeration
 * values and nested attributes), their CSV helpers, and their administration.
 */
export const templates = defineModule<TemplatesState>({
  makeState: seededTemplates,
  routes: (app, state) => metadataScope(app, (scope) => routes(scope, state)),
});
