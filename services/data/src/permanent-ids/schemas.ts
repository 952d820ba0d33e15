import { Type } from "typebox";
import { StatRecord, Uuid } from "../schemas.js";

const open = { additionalProperties: true };

const SORT_FIELDS = [
  "type",
  "target_type",
  "requested_by",
  "date_submitted",
  "status",
  "date_updated",
  "updated_by",
] as const;

export const RequestParams = Type.Object({ requestId: Uuid("the permanent-id request's UUID") });

export const ListingQuery = Type.Object({
  statuses: Type.Optional(
    Type.Array(Type.String({ minLength: 1 }), { description: "only requests in these statuses" }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, description: "most requests in the page" })),
  offset: Type.Optional(Type.Integer({ minimum: 0, description: "requests of the sorted listing to skip" })),
  "sort-field": Type.Optional(
    Type.Union(
      SORT_FIELDS.map((field) => Type.Literal(field)),
      { description: "default: date_submitted, newest first" },
    ),
  ),
  "sort-dir": Type.Optional(Type.Union([Type.Literal("ASC"), Type.Literal("DESC")], { description: "default ASC" })),
});

export const NewRequest = Type.Object({
  type: Type.String({ minLength: 1, description: "the kind of identifier (see GET /permanent-id-requests/types)" }),
  folder: Uuid("the UUID of the caller's folder to identify"),
});

export const StatusChange = Type.Object({
  status: Type.Optional(
    Type.String({ pattern: "\\S", description: "the new status (default: the current one); new names are added" }),
  ),
  comments: Type.Optional(Type.String({ description: "the curator's comments, shown to the requester" })),
  permanent_id: Type.Optional(
    Type.Unknown({ description: "refused: identifiers are recorded by POST .../ezid, which mints them" }),
  ),
});

const Folder = Type.Union([StatRecord, Type.Null()], {
  description: "the folder's stat, as the caller sees it; null when it is gone or the caller cannot read it",
});

const Username = Type.String({ description: "the requester's username" });

const Requester = Type.Object(
  {
    username: Type.String(),
    firstname: Type.String(),
    lastname: Type.String(),
    name: Type.String(),
    email: Type.String(),
    institution: Type.String(),
  },
  { description: "the requester, as the groups backend knows them" },
);

const Base = {
  id: Type.String(),
  type: Type.String(),
  original_path: Type.Optional(Type.String({ description: "the folder's path when the request was made" })),
  folder: Folder,
};

const HistoryEntry = Type.Object(
  {
    status: Type.String(),
    status_date: Type.Number({ description: "ms since the epoch" }),
    updated_by: Type.String(),
    comments: Type.Optional(Type.String()),
  },
  open,
);

export const RequestDetails = Type.Object(
  {
    ...Base,
    requested_by: Type.Union([Requester, Username], {
      description: "the requester; their username alone when the groups backend does not know them",
    }),
    permanent_id: Type.Optional(Type.String({ description: "the identifier, once minted" })),
    history: Type.Array(HistoryEntry, { description: "status changes, oldest first" }),
  },
  open,
);

export const RequestListing = Type.Object({
  requests: Type.Array(
    Type.Object(
      {
        ...Base,
        requested_by: Username,
        date_submitted: Type.Number(),
        status: Type.String({ description: "the current status" }),
        date_updated: Type.Number(),
        updated_by: Type.String(),
      },
      open,
    ),
  ),
  total: Type.Integer({ description: "requests matching the status filter, all pages" }),
});
