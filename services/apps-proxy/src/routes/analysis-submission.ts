import { dataPath, PassedOnAnswer } from "@de-gateway/backend-clients";
import { ErrorBody } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";

/** What the apps backend takes (common-swagger-api's AnalysisSubmission); only `output_dir` is looked at here. */
const Submission = Type.Object(
  { output_dir: Type.String({ minLength: 1, description: "the data-store folder the results are written to" }) },
  { additionalProperties: true, description: "the analysis submission, passed to the apps backend as sent" },
);

/**
 * Submitting an analysis: the apps backend creates `output_dir` in the data store as the caller and writes the
 * results there, so the folder passes the check every data path passes (absolute, no empty, `.` or `..` segments)
 * before the submission is sent on, parsed, as it came.
 */
export const analysisSubmission: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/analyses",
    {
      config: { validationErrorCode: "ERR_BAD_OR_MISSING_FIELD" },
      schema: {
        summary: "Submit an analysis",
        tags: ["analyses"],
        body: Submission,
        response: {
          "2xx": PassedOnAnswer,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          502: ErrorBody,
          504: ErrorBody,
        },
      },
    },
    (request, reply) => {
      dataPath(request.body.output_dir, "output_dir");
      return app.backends.apps.forward(request, reply, { path: "/analyses" });
    },
  );
};
