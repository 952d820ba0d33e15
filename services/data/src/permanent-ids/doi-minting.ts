import { type BackendClient, isSuccess } from "@de-gateway/backend-clients";
import { badRequest, GatewayError, isJsonObject } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";

export interface DoiRequest {
  prefix: string;
  /** The landing page the DOI resolves to. */
  url: string;
  xml: string;
}

const dataciteFailure = (reason: string, status: number, body: unknown) =>
  new GatewayError(502, reason, "ERR_BAD_GATEWAY", { backend_status: status, backend_response: body });

/**
 * Registers and publishes a DOI under the account's prefix (DataCite picks the suffix) and gives its name.
 * DataCite refusing the metadata (400, 422) is the caller's 400; any other refusal (credentials, prefix,
 * its own failures) or an answer without a DOI is a 502, as are transport failures (504 on timeouts).
 */
export async function mintDoi(datacite: BackendClient, request: FastifyRequest, doi: DoiRequest): Promise<string> {
  const response = await datacite.call(request, {
    method: "POST",
    path: "/dois",
    json: {
      data: {
        type: "dois",
        attributes: {
          event: "publish",
          prefix: doi.prefix,
          url: doi.url,
          xml: Buffer.from(doi.xml, "utf8").toString("base64"),
        },
      },
    },
  });
  const body = response.body;
  if (response.status === 400 || response.status === 422) {
    const errors = isJsonObject(body) && Array.isArray(body.errors) ? body.errors : body;
    throw badRequest("DataCite refused the DOI's metadata", "ERR_BAD_REQUEST", { datacite_errors: errors });
  }
  if (!isSuccess(response.status)) {
    throw dataciteFailure(`DataCite answered with status ${response.status}`, response.status, body);
  }
  const data = isJsonObject(body) ? body.data : undefined;
  const identifier = isJsonObject(data) ? data.id : undefined;
  if (typeof identifier !== "string" || identifier === "") {
    throw dataciteFailure("DataCite's answer named no DOI", response.status, body);
  }
  return identifier;
}
