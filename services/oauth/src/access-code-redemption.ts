import { BackendResponseError, isSuccess, path } from "@de-gateway/backend-clients";
import { GatewayError, isJsonObject } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";
import { Value } from "typebox/value";

/** What a redeemed authorization answers: the state information stored when the authorization was requested. */
export const OAuthResult = Type.Object({ state_info: Type.String() });
export type OAuthResult = Static<typeof OAuthResult>;

export interface AuthorizationCallback {
  apiName: string;
  code: string;
  state: string;
}

/**
 * A failed redemption as the caller should see it. The backend's own refusals (unknown API, an authorization
 * request that is missing or someone else's) concern the request and pass on. Anything else is the OAuth server's
 * answer relayed by the backend: a refused code (`invalid_grant`) is the caller's 400; every other failure is the
 * platform's (its client refused, the server down) and becomes 502, never a 401 the caller would take for its own.
 */
function redemptionFailure(status: number, body: unknown): GatewayError {
  if (status < 500 && isJsonObject(body) && typeof body.error_code === "string") {
    return new BackendResponseError("apps", status, body);
  }
  if (isJsonObject(body) && typeof body.error === "string") {
    const details = { oauth_error: body.error, oauth_error_description: body.error_description };
    if (status === 400 && body.error === "invalid_grant") {
      return new GatewayError(400, "the OAuth server refused the authorization code", "ERR_BAD_REQUEST", details);
    }
    return new GatewayError(502, `the OAuth token exchange failed: ${body.error}`, "ERR_BAD_GATEWAY", details);
  }
  return new GatewayError(502, `the OAuth token exchange failed (apps backend status ${status})`, "ERR_BAD_GATEWAY", {
    backend_status: status,
    backend_response: body,
  });
}

/**
 * Steps 7 to 9 of the authorization procedure run in the apps backend (state check and removal, token exchange,
 * token storage); the gateway hands over the code and state with the caller's identity.
 */
export async function redeemAuthorizationCode(
  request: FastifyRequest,
  { apiName, code, state }: AuthorizationCallback,
): Promise<OAuthResult> {
  const response = await request.server.backends.apps.call(request, {
    path: path`/oauth/access-code/${apiName}`,
    query: { code, state },
  });
  if (!isSuccess(response.status)) throw redemptionFailure(response.status, response.body);
  if (!Value.Check(OAuthResult, response.body)) {
    throw new GatewayError(502, "the apps backend answered the access-code call without state_info");
  }
  return { state_info: response.body.state_info };
}
