import { path } from "@de-gateway/backend-clients";
import { forbidden, notFound, withSpan } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";

/** The permissions service's answer about one resource: with `lookup=true`, at most the strongest grant. */
const PermissionList = Type.Object({
  permissions: Type.Array(Type.Object({ permission_level: Type.String() }, { additionalProperties: true })),
});

const WRITE_LEVELS = new Set(["write", "own"]);

/**
 * The caller's strongest permission on the analysis (through their groups too), or undefined without any; a step
 * span of its own when tracing is on.
 */
export function permissionLevel(request: FastifyRequest, analysisId: string): Promise<string | undefined> {
  return withSpan(request, "analysis permission lookup", {}, async (traced) => {
    const answer = await traced.server.backends.permissions.json<Static<typeof PermissionList>>(
      traced,
      {
        path: path`/permissions/subjects/user/${traced.user.username}/analysis/${analysisId}`,
        query: { lookup: "true" },
      },
      PermissionList,
    );
    return answer.permissions[0]?.permission_level;
  });
}

/** An analysis the caller may not see is not found, so that its existence is not revealed. */
export async function requireRead(request: FastifyRequest, analysisId: string): Promise<void> {
  if (!(await permissionLevel(request, analysisId))) throw notFound(`analysis ${analysisId} not found`);
}

export async function requireWrite(request: FastifyRequest, analysisId: string): Promise<void> {
  const level = await permissionLevel(request, analysisId);
  if (!level) throw notFound(`analysis ${analysisId} not found`);
  if (!WRITE_LEVELS.has(level)) throw forbidden(`insufficient privileges for analysis ${analysisId}`);
}
