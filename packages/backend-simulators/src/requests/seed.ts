import { VICE_ACCESS_REQUEST } from "../demo-world.js";
import type { RequestsState } from "./state.js";

/** The requests service's seed: the `vice` request type and bob's request for VICE access, still open (`demo-world.ts`). */
export function seededRequestsState(): RequestsState {
  const { requestType: type } = VICE_ACCESS_REQUEST;
  return {
    types: new Map([
      [
        type.name,
        {
          id: type.id,
          name: type.name,
          maximum_requests_per_user: type.perUser,
          maximum_concurrent_requests_per_user: type.concurrentPerUser,
        },
      ],
    ]),
    requests: new Map([
      [
        VICE_ACCESS_REQUEST.id,
        {
          id: VICE_ACCESS_REQUEST.id,
          request_type: type.name,
          requesting_user: VICE_ACCESS_REQUEST.requestingUser,
          details: { ...VICE_ACCESS_REQUEST.details },
          updates: [
            {
              id: "5e6f7a8b-0000-4000-8000-0000000000a1",
              status: "submitted",
              updating_user: VICE_ACCESS_REQUEST.requestingUser,
              created_date: VICE_ACCESS_REQUEST.submittedAt,
              message: "Request submitted.",
            },
          ],
        },
      ],
    ]),
  };
}
