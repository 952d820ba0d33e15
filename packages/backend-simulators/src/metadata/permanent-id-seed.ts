import { DOI_REQUEST } from "../demo-world.js";
import { INITIAL_STATUS } from "./permanent-id-codes.js";
import type { StoredIdRequest } from "./permanent-id-requests.js";

/** alice's DOI request for her lake survey folder, submitted and waiting for the curators (`demo-world.ts`). */
export const seededIdRequests = (): Map<string, StoredIdRequest> =>
  new Map([
    [
      DOI_REQUEST.id,
      {
        id: DOI_REQUEST.id,
        type: DOI_REQUEST.type,
        target_id: DOI_REQUEST.folderId,
        target_type: "folder",
        requested_by: DOI_REQUEST.requestedBy,
        original_path: DOI_REQUEST.originalPath,
        history: [
          { status: INITIAL_STATUS, status_date: DOI_REQUEST.submittedAt, updated_by: DOI_REQUEST.requestedBy },
        ],
      },
    ],
  ]);
