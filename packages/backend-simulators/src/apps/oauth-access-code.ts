import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { answers } from "../framework/answers.js";
import { callerOf, queryOf } from "../framework/caller.js";
import { backendScope, badRequest, Problem } from "../framework/problems.js";
import { queryText } from "../framework/request-values.js";
import { OAuthCallbackResponse, RedirectUris } from "./answer-schemas/oauth.js";
import { AUTHORIZE_PATH, TOKEN_PATH } from "./oauth-server.js";
import type { OAuthStore } from "./oauth-store.js";
import { exchangeAuthorizationCode } from "./oauth-token-exchange.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The simulated OAuth server shares this process; the backend still reaches it over HTTP, as a remote one. */
function ownOrigin(app: FastifyInstance): string {
  const { address, port } = app.server.address() as AddressInfo;
  const host =
    address === "0.0.0.0" || address === "::" ? "127.0.0.1" : address.includes(":") ? `[${address}]` : address;
  return `http://${host}:${port}`;
}

/**
 * The apps backend's OAuth endpoints. `GET /oauth/access-code/:apiName?code&state&user…` is steps 7 to 9 of the
 * authorization procedure; `GET /oauth/redirect-uris?user` is how the backend itself starts it (steps 2 and 3): for
 * every API the user holds no token for, it stores an authorization request and answers the authorization URL.
 * Errors follow the real backend: 400 ERR_MISSING_QUERY_PARAMETER without `user`, ERR_ILLEGAL_ARGUMENT for a
 * missing code or a state that is not a UUID, ERR_BAD_OR_MISSING_FIELD for an unknown API or an authorization
 * request that is missing or someone else's, and the OAuth server's own status and body when the token endpoint
 * refuses the code.
 */
export function accessCodeRoutes(app: FastifyInstance, store: () => OAuthStore): Promise<void> {
  return backendScope(app, (scope) => {
    scope.get<{ Params: { apiName: string } }>(
      "/oauth/access-code/:apiName",
      answers({ 200: OAuthCallbackResponse }),
      async (request, reply) => {
        const { username } = callerOf(request);
        const [code, state] = [queryText(queryOf(request), "code"), queryText(queryOf(request), "state")];
        if (!code || !state)
          throw badRequest("code and state are required and must not be blank", "ERR_ILLEGAL_ARGUMENT");
        if (!UUID.test(state)) throw badRequest(`Invalid UUID string: ${state}`, "ERR_ILLEGAL_ARGUMENT");
        const { apiName } = request.params;
        const client = store().apis.get(apiName);
        if (!client) throw new Problem(400, "ERR_BAD_OR_MISSING_FIELD", `unknown API name: ${apiName}`);
        const authorization = store().takeAuthorizationRequest(state, username);
        if (!authorization.found) throw new Problem(400, "ERR_BAD_OR_MISSING_FIELD", authorization.problem);
        const exchange = await exchangeAuthorizationCode(`${ownOrigin(app)}${TOKEN_PATH}`, client, code);
        if (!exchange.ok) return reply.code(exchange.status).type(exchange.contentType).send(exchange.body);
        store().storeAccessToken(username, apiName, exchange.token);
        return { state_info: authorization.stateInfo };
      },
    );

    scope.get("/oauth/redirect-uris", answers({ 200: RedirectUris }), async (request) => {
      const { username } = callerOf(request);
      const uris: Record<string, string> = {};
      for (const [apiName, client] of store().apis) {
        if (store().accessToken(username, apiName)) continue;
        const authorize = new URL(`${request.protocol}://${request.host}${AUTHORIZE_PATH}`);
        authorize.search = new URLSearchParams({
          response_type: "code",
          client_id: client.clientId,
          redirect_uri: client.redirectUri,
          state: store().storeAuthorizationRequest(username),
        }).toString();
        uris[apiName] = authorize.toString();
      }
      return uris;
    });
  });
}
