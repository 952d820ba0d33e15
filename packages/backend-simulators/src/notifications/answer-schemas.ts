import { Type } from "typebox";

// A user's messages, as cyverse-de/notifications answers them: model/main.go Notification (no field is omitempty,
// so every one is sent), V1NotificationListing (totals as strings), V1NotificationCounts and SuccessCount; terrain's
// routes/schemas/notifications.clj (NotificationListing, MessageCountResponse) reads the same. The message's
// `timestamp` is epoch milliseconds as a string (recorder/recorder.go, common/times.go FormatTimestamp;
// recorder/testdata/outgoing_json_golden.json), the payload null when none was sent.
const DigitString = Type.String({ pattern: "^[0-9]+$" });
const Notification = Type.Object({
  deleted: Type.Boolean(),
  email: Type.Boolean(),
  email_template: Type.String(),
  message: Type.Object({ id: Type.String({ format: "uuid" }), text: Type.String(), timestamp: DigitString }),
  payload: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  seen: Type.Boolean(),
  subject: Type.String(),
  type: Type.String(),
  user: Type.String(),
});
export const NotificationListing = Type.Object({
  messages: Type.Array(Notification),
  total: DigitString,
  unseen_total: DigitString,
});
export const SuccessCount = Type.Object({ success: Type.Boolean(), count: Type.Integer({ minimum: 0 }) });
/** model/main.go ErrorResponse: every refusal of the service's handlers, and echo's own (`{"message":"Not Found"}`). */
export const ErrorResponse = Type.Object({ message: Type.String() });

// System messages and their counts were removed from cyverse-de/notifications and from terrain in 2026 (the service
// answers `user-total` only): these follow the interface's notification section, which still catalogues them
// (docs/backend-compatibility.md, "Open: for the spec's owners").
export const MessageCounts = Type.Object({
  "user-total": Type.Integer({ minimum: 0 }),
  "system-total": Type.Integer({ minimum: 0 }),
  "system-total-new": Type.Integer({ minimum: 0 }),
  "system-total-unseen": Type.Integer({ minimum: 0 }),
});
const SystemMessage = Type.Object({
  uuid: Type.String({ format: "uuid" }),
  type: Type.String(),
  message: Type.String(),
  activation_date: Type.Integer(),
  deactivation_date: Type.Integer(),
  date_created: Type.Integer(),
  dismissible: Type.Boolean(),
  logins_disabled: Type.Boolean(),
});
export const UserSystemMessages = Type.Object({
  "system-messages": Type.Array(Type.Object({ ...SystemMessage.properties, acknowledged: Type.Boolean() })),
});
export const SystemMessageListing = Type.Object({
  "system-messages": Type.Array(SystemMessage),
  total: Type.Integer({ minimum: 0 }),
});
export const OneSystemMessage = Type.Object({ "system-notification": SystemMessage });
export const SystemMessageTypes = Type.Object({ types: Type.Array(Type.String()) });
