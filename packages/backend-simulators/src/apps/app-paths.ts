import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from "fastify";
import type { AnswerSchemas } from "../framework/answers.js";
import { deAppId } from "./systems.js";

/** Which app a request names, and which of its versions (the latest when none). */
export interface AppRef {
  appId: string;
  versionId?: string;
}

export interface AppPathOptions {
  /** `/apps` (the default) or `/admin/apps`. */
  base?: string;
  /** Also each version's path (`…/{app-id}/versions/{version-id}…`). */
  versions?: boolean;
  /** Why a request naming a `tapis` app is refused when it would change it; reads of one are not found. */
  tapis?: string;
  /** The answers every one of the paths gives (`framework/answers.ts`). */
  answers?: AnswerSchemas;
}

type PathParams = { appId: string; systemId?: string; versionId?: string };
type Handler = (request: FastifyRequest, ref: AppRef, reply: FastifyReply) => unknown;

/**
 * Registers one handler on every path the backend names an app by: `{base}/{system-id}/{app-id}{suffix}` and, as
 * asked, the version's `…/versions/{version-id}{suffix}`. The backend has no path without a system
 * (cyverse-de/apps routes/apps.clj), so neither does this.
 */
export function appRoutes(
  scope: FastifyInstance,
  method: HTTPMethods,
  suffix: string,
  options: AppPathOptions,
  handler: Handler,
): void {
  const base = options.base ?? "/apps";
  const urls = [
    `${base}/:systemId/:appId${suffix}`,
    ...(options.versions ? [`${base}/:systemId/:appId/versions/:versionId${suffix}`] : []),
  ];
  for (const url of urls) {
    scope.route({
      method,
      url,
      ...(options.answers ? { config: { answers: options.answers } } : {}),
      handler: async (request, reply) => {
        const { appId, systemId, versionId } = request.params as PathParams;
        const id = systemId === undefined ? appId : deAppId(systemId, appId, options.tapis);
        return handler(request, { appId: id, ...(versionId === undefined ? {} : { versionId }) }, reply);
      },
    });
  }
}
