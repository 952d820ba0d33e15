import { badRequest, ErrorBody } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { OAuthResult, redeemAuthorizationCode } from "../access-code-redemption.js";

const UUID = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";
const errors = { 400: ErrorBody, 401: ErrorBody, 502: ErrorBody, 504: ErrorBody };

/** The OAuth authorization callback: the front end hands over the code and state the OAuth server sent back. */
export const accessCodeRoutes: FastifyPluginAsyncTypebox<{ apiNames: ReadonlySet<string> }> = async (
  app,
  { apiNames },
) => {
  // The web client's callback page calls the root name; the reference serves both.
  for (const url of ["/secured/oauth/access-code/:apiName", "/oauth/access-code/:apiName"]) {
    app.get(
      url,
      {
        schema: {
          summary: "Trade an OAuth authorization code for an access token stored for the caller",
          params: Type.Object({ apiName: Type.String({ description: "the third-party API, e.g. tapis" }) }),
          querystring: Type.Object({
            code: Type.String({
              minLength: 1,
              pattern: "\\S",
              description: "authorization code from the OAuth server",
            }),
            state: Type.String({ pattern: UUID, description: "UUID of the original authorization request" }),
          }),
          response: { 200: OAuthResult, ...errors },
        },
      },
      async (request) => {
        const { apiName } = request.params;
        if (!apiNames.has(apiName)) {
          throw badRequest(`unknown OAuth API name: ${apiName}`, "ERR_BAD_REQUEST", {
            api_name: apiName,
            supported_api_names: [...apiNames],
          });
        }
        const { code, state } = request.query;
        return redeemAuthorizationCode(request, { apiName, code, state });
      },
    );
  }
};
