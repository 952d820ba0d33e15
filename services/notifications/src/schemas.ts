import { ErrorBody } from "@de-gateway/service-kit";
import { Type } from "typebox";

export const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 502: ErrorBody, 504: ErrorBody };

export const UuidList = Type.Object({
  uuids: Type.Array(Type.String({ format: "uuid" }), { description: "Message ids (`message.id` of a listing)" }),
});

/** Whatever JSON object the backend answered, passed on with all its fields. */
export const BackendObject = Type.Object({}, { additionalProperties: true });

/** A request body whose `user` the gateway sets to the caller; other fields are passed on. None at all is fine. */
export const UserCarryingBody = Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()], {
  description: "Any JSON object, or no body; `user` is set to the authenticated user",
});

export const NotificationListing = Type.Object(
  {
    messages: Type.Array(Type.Object({}, { additionalProperties: true }), { description: "Notification messages" }),
    total: Type.Optional(Type.Union([Type.String(), Type.Integer()], { description: "Number of matching messages" })),
  },
  { additionalProperties: true },
);
