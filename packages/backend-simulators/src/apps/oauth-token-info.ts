import type { FastifyRequest } from "fastify";
import { answers, NoBody } from "../framework/answers.js";
import { callerOf, queryOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, Problem } from "../framework/problems.js";
import { queryText } from "../framework/request-values.js";
import { AdminTokenInfo, TokenInfo } from "./answer-schemas/oauth.js";
import type { OauthState } from "./oauth.js";
import type { StoredAccessToken } from "./oauth-store.js";

const notFound = (apiName: string) =>
  new Problem(404, "ERR_NOT_FOUND", "access token not found", { api_name: apiName });

/**
 * Apps backend: what is known of a user's stored OAuth token, never the token itself to the user, as cyverse-de/apps:
 * - `GET /oauth/token-info/:apiName?user` → `{expires_at, webapp}` (milliseconds, the API's name); `DELETE` removes the token (200, no
 *   body), so the next `GET /oauth/redirect-uris` offers the authorization again;
 * - `GET /admin/oauth/token-info/:apiName?user&proxy-user` → `{access_token, refresh_token, expires_at}` of the
 *   proxy user (the caller without one), with `webapp`, `DELETE` likewise;
 * - no token for that user and API: 404 `access token not found` with `api_name`.
 */
export const oauthTokenInfo = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes: (app, _state, all) =>
    backendScope(app, (scope) => {
      const store = () => (all().oauth as OauthState).store;
      type Params = { Params: { apiName: string } };
      const tokenOf = (username: string, apiName: string): StoredAccessToken => {
        const token = store().accessToken(username, apiName);
        if (!token) throw notFound(apiName);
        return token;
      };
      const remove = (username: string, apiName: string) => {
        tokenOf(username, apiName);
        store().accessTokens.get(username)?.delete(apiName);
      };
      const proxied = (request: FastifyRequest) =>
        queryText(queryOf(request), "proxy-user") ?? callerOf(request).username;

      scope.get<Params>("/oauth/token-info/:apiName", answers({ 200: TokenInfo }), async (request) => {
        const token = tokenOf(callerOf(request).username, request.params.apiName);
        return { expires_at: token.expiresAt, webapp: request.params.apiName };
      });
      scope.delete<Params>("/oauth/token-info/:apiName", answers({ 200: NoBody }), async (request, reply) => {
        remove(callerOf(request).username, request.params.apiName);
        return reply.code(200).send();
      });
      scope.get<Params>("/admin/oauth/token-info/:apiName", answers({ 200: AdminTokenInfo }), async (request) => {
        callerOf(request);
        const token = tokenOf(proxied(request), request.params.apiName);
        return {
          access_token: token.accessToken,
          refresh_token: token.refreshToken,
          expires_at: token.expiresAt,
          webapp: request.params.apiName,
        };
      });
      scope.delete<Params>("/admin/oauth/token-info/:apiName", answers({ 200: NoBody }), async (request, reply) => {
        callerOf(request);
        remove(proxied(request), request.params.apiName);
        return reply.code(200).send();
      });
    }),
});
