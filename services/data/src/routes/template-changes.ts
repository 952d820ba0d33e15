import { PassedOnAnswer, path } from "@de-gateway/backend-clients";
import { badRequest, ErrorBody } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { refuseIdsInUse } from "../metadata-templates/ids-in-use.js";
import { attributeIdsOf, clashInBody, TemplateBody } from "../metadata-templates/template-body.js";
import { commonErrors, Uuid } from "../schemas.js";

const ADMIN_TEMPLATES = "/admin/filesystem/metadata/templates";
const answers = { "2xx": PassedOnAnswer, 409: ErrorBody, ...commonErrors };
const admin = { auth: "admin" as const, validationErrorCode: "ERR_BAD_OR_MISSING_FIELD" };

/** Refuses what the body alone shows would break a key of the metadata database (template-body.ts). */
function checkBody(body: TemplateBody, adding: boolean): void {
  const clash = clashInBody(body, adding);
  if (clash) throw badRequest(clash, "ERR_BAD_OR_MISSING_FIELD");
}

/**
 * Adding and changing metadata templates (administrators). The metadata backend checks a template's fields, but not
 * its ids against its database's keys: a repeated or taken id is a 500 after the change is rolled back. Those are
 * refused here first, 400 for the body's own clashes and 409 for ids in use, so that an administrator learns what to
 * mend; the template is then sent on as it came.
 */
export const templateChanges: FastifyPluginAsyncTypebox = async (app) => {
  const { metadata } = app.backends;

  app.post(
    ADMIN_TEMPLATES,
    {
      config: admin,
      schema: {
        summary: "Add a metadata template",
        tags: ["metadata-templates"],
        body: TemplateBody,
        response: answers,
      },
    },
    async (request, reply) => {
      checkBody(request.body, true);
      await refuseIdsInUse(metadata, request, request.body.id, attributeIdsOf(request.body));
      return metadata.forward(request, reply, { path: "/admin/templates" });
    },
  );

  app.post(
    `${ADMIN_TEMPLATES}/:templateId`,
    {
      config: admin,
      schema: {
        summary: "Change a metadata template",
        tags: ["metadata-templates"],
        params: Type.Object({ templateId: Uuid("the template's id") }),
        body: TemplateBody,
        response: answers,
      },
    },
    (request, reply) => {
      checkBody(request.body, false);
      return metadata.forward(request, reply, {
        method: "PUT",
        path: path`/admin/templates/${request.params.templateId}`,
      });
    },
  );
};
