import { Type } from "typebox";

const Details = Type.Record(Type.String(), Type.Unknown(), { description: "what was asked for" });

export const RequestSummary = Type.Object(
  {
    id: Type.String(),
    request_type: Type.String(),
    requesting_user: Type.String(),
    details: Details,
    created_date: Type.String(),
    status: Type.String({ description: "the latest status's display name" }),
    updated_date: Type.String(),
  },
  { additionalProperties: true },
);

export const RequestListing = Type.Object({ requests: Type.Array(RequestSummary) });

export const RequestUpdate = Type.Object(
  {
    id: Type.String(),
    status: Type.String(),
    updating_user: Type.String(),
    created_date: Type.String(),
    message: Type.String(),
  },
  { additionalProperties: true },
);

export const Request = Type.Object(
  {
    id: Type.String(),
    request_type: Type.String(),
    requesting_user: Type.String(),
    details: Details,
    updates: Type.Array(RequestUpdate),
  },
  { additionalProperties: true },
);

export const ViceRequestDetails = Type.Object(
  {
    intended_use: Type.String({ minLength: 1, description: "what the analyses are for" }),
    concurrent_jobs: Type.Integer({ minimum: 1, description: "how many interactive analyses at once" }),
    name: Type.Optional(Type.String({ description: "replaced by the caller's name" })),
    email: Type.Optional(Type.String({ description: "replaced by the caller's e-mail address" })),
  },
  { description: "other fields are dropped" },
);

export const RequestUpdateMessage = Type.Object({ message: Type.Optional(Type.String()) });

export const ViceApprovalMessage = Type.Object({
  message: Type.Optional(Type.String()),
  concurrent_jobs: Type.Optional(
    Type.Integer({ minimum: 0, description: "the limit to set, in place of the requested one" }),
  ),
});
