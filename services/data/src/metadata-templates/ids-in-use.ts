import type { Backends } from "@de-gateway/backend-clients";
import { path } from "@de-gateway/backend-clients";
import { GatewayError } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";

/** Whether the metadata backend has something at a path: 200 it has, 404 it has not; anything else fails the call. */
async function exists(metadata: Backends["metadata"], request: FastifyRequest, at: string): Promise<boolean> {
  const answer = await metadata.call(request, { path: at });
  if (answer.status === 404) return false;
  metadata.expectOk(answer);
  return true;
}

/**
 * Refuses a new template whose id or attribute ids are in use (409 `ERR_EXISTS`, naming them): the metadata backend
 * inserts them without looking, and a key it breaks is a 500 (persistence/templates.clj add-template). Deleted
 * templates can still be read by id, so their ids count as in use, as they are.
 */
export async function refuseIdsInUse(
  metadata: Backends["metadata"],
  request: FastifyRequest,
  templateId: string | undefined,
  attributeIds: readonly string[],
): Promise<void> {
  const [templateTaken, ...attributesTaken] = await Promise.all([
    templateId === undefined ? false : exists(metadata, request, path`/templates/${templateId}`),
    ...attributeIds.map((id) => exists(metadata, request, path`/templates/attr/${id}`)),
  ]);
  if (templateTaken) {
    throw new GatewayError(409, `a metadata template with id ${templateId} exists`, "ERR_EXISTS", { id: templateId });
  }
  const taken = attributeIds.filter((_id, index) => attributesTaken[index]);
  if (taken.length > 0) {
    throw new GatewayError(409, `metadata attributes with these ids exist: ${taken.join(", ")}`, "ERR_EXISTS", {
      ids: taken,
    });
  }
}
