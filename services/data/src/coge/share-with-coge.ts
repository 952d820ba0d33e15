import type { BackendClient } from "@de-gateway/backend-clients";
import { GatewayError, isJsonObject } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import { firstRefusedShare, type ShareOutcome } from "../data-store-shares.js";

/** Refusals that concern the caller's paths keep their meaning; any other (CoGe's account unknown…) is the gateway's. */
const STATUS_BY_CODE: Record<string, number> = {
  ERR_DOES_NOT_EXIST: 404,
  ERR_NOT_READABLE: 403,
  ERR_NOT_WRITEABLE: 403,
  ERR_NOT_OWNER: 403,
};

function shareFailure(outcome: ShareOutcome): GatewayError {
  const error = isJsonObject(outcome.error) ? outcome.error : {};
  const code = typeof error.error_code === "string" ? error.error_code : undefined;
  const status = (code && STATUS_BY_CODE[code]) || 502;
  const reason = `${outcome.path} could not be shared with CoGe: ${
    typeof error.reason === "string" ? error.reason : "the file-info backend refused"
  }`;
  return status === 502
    ? new GatewayError(502, reason, "ERR_BAD_GATEWAY", { path: outcome.path, backend_response: outcome.error ?? null })
    : new GatewayError(status, reason, code, { path: outcome.path });
}

/**
 * Gives CoGe's data-store account write access to the caller's paths (the caller must own them), as the file-info
 * backend's sharer does it; the first path that could not be shared fails the whole request.
 */
export async function shareWithCoge(
  fileInfo: BackendClient,
  request: FastifyRequest,
  account: string,
  paths: readonly string[],
): Promise<void> {
  const failed = await firstRefusedShare(fileInfo, request, [{ user: account, paths, permission: "write" }]);
  if (failed) throw shareFailure(failed);
}
