import { isSuccess, path } from "@de-gateway/backend-clients";
import { badGateway } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import type { Subject } from "../schemas.js";
import { isGroupSubject } from "./subjects.js";

/**
 * Gives each subject directly the permissions (on apps, analyses, tools, …) that the group holds, so
 * that they keep their access once the group or their membership is gone (`retain-permissions`). The
 * permissions service refusing is the gateway's failure, not the caller's: 502, and nothing is removed.
 */
export async function copyGroupPermissions(request: FastifyRequest, groupId: string, subjects: Subject[]) {
  if (subjects.length === 0) return;
  const response = await request.server.backends.permissions.call(request, {
    method: "POST",
    path: path`/permissions/subjects/group/${groupId}/copy`,
    json: {
      subjects: subjects.map((subject) => ({
        subject_type: isGroupSubject(subject) ? "group" : "user",
        subject_id: subject.id,
      })),
    },
  });
  if (!isSuccess(response.status)) {
    throw badGateway(`the permissions service did not copy the group's permissions (status ${response.status})`);
  }
}

/**
 * Drops a deleted group from the permissions store, with whatever it was granted. Best effort: the
 * group is already gone and its id is never reused, so a failure is logged rather than reported.
 */
export async function forgetGroup(request: FastifyRequest, groupId: string): Promise<void> {
  try {
    const response = await request.server.backends.permissions.call(request, {
      method: "DELETE",
      path: "/subjects",
      query: { subject_id: groupId, subject_type: "group" },
    });
    // 404: nothing was ever granted to the group.
    if (response.status !== 404) request.server.backends.permissions.expectOk(response);
  } catch (error) {
    request.log.warn({ err: error, groupId }, "could not remove a deleted group from the permissions store");
  }
}
