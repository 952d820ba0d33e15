import { Type } from "typebox";

// The answers of cyverse-de/requests. Go structs: a field without `omitempty` is always sent (required here).

// model/request_types.go RequestType (the limits are pointers with omitempty) and RequestTypeListing.
export const RequestType = Type.Object({
  id: Type.String(),
  name: Type.String(),
  maximum_concurrent_requests_per_user: Type.Optional(Type.Integer()),
  maximum_requests_per_user: Type.Optional(Type.Integer()),
});
export const RequestTypeListing = Type.Object({ request_types: Type.Array(RequestType) });

// model/requests.go RequestSummary (the status is the latest status code's display name, db/requests.go) and
// RequestListing.
export const RequestSummary = Type.Object({
  id: Type.String(),
  requesting_user: Type.String(),
  request_type: Type.String(),
  created_date: Type.String(),
  status: Type.String(),
  updated_date: Type.String(),
  details: Type.Unknown(),
});
export const RequestListing = Type.Object({ requests: Type.Array(RequestSummary) });

// model/requests.go RequestUpdate: db/updates.go reads the status code's display name and the updating user's
// short name.
export const RequestUpdate = Type.Object({
  id: Type.String(),
  status: Type.String(),
  updating_user: Type.String(),
  created_date: Type.String(),
  message: Type.String(),
});

// model/requests.go RequestDetails.
export const RequestDetails = Type.Object({
  id: Type.String(),
  requesting_user: Type.String(),
  request_type: Type.String(),
  details: Type.Unknown(),
  updates: Type.Array(RequestUpdate),
});
