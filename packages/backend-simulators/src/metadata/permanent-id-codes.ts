import { randomUUID } from "node:crypto";

/** A status an administrator can give a permanent-id request; new names are added as they are used. */
export interface StatusCode {
  id: string;
  name: string;
  description: string;
}

export const INITIAL_STATUS = "Submitted";

/** The kinds of identifier a user can ask for. */
export const REQUEST_TYPES = [
  { id: "7e4c2a1e-1b8f-4c55-9a9e-0f3d6b2c8a01", type: "DOI", description: "Digital Object Identifier" },
  { id: "7e4c2a1e-1b8f-4c55-9a9e-0f3d6b2c8a02", type: "ARK", description: "Archival Resource Key" },
] as const;

export type RequestType = (typeof REQUEST_TYPES)[number]["type"];

/** The statuses every deployment starts with, in the order curators use them. */
export function seedStatusCodes(): StatusCode[] {
  return [
    [INITIAL_STATUS, "The request has been submitted, but not yet acted upon by the curators."],
    ["Pending", "The curators are waiting for a response from the requesting user."],
    ["Evaluation", "The curators are evaluating the metadata and the data structure."],
    ["Approved", "The curators have approved the data and metadata and asked for an identifier."],
    ["Completion", "The identifier has been assigned and the data published."],
    ["Failed", "No identifier could be assigned to the data."],
  ].map(([name = "", description = ""]) => ({ id: randomUUID(), name, description }));
}
