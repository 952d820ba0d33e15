import { bound, validationFailed } from "./bodies.js";
import { isBlank, isValidEmailAddress } from "./email-address.js";
import { invalidRequestBody } from "./service-errors.js";
import { fixTimestampIn } from "./timestamps.js";

/** model/main.go V1NotificationRequest, as `POST /notification` has read and checked it. */
export interface NotificationRequest {
  type: string;
  user: string;
  subject: string;
  message: string;
  email: boolean;
  email_template: string;
  payload: Record<string, unknown> | null;
}

const FIELDS = {
  type: "string",
  user: "string",
  subject: "string",
  message: "string",
  email: "boolean",
  email_template: "string",
  payload: "object",
} as const;

/** The struct's validate tags: type `required,max=32,excludesall=.`, user and subject `required`. */
function tagFailures({ type, user, subject }: NotificationRequest): Array<readonly [string, string]> {
  const typeTag = type === "" ? "required" : [...type].length > 32 ? "max" : type.includes(".") ? "excludesall" : "";
  return [
    ...(typeTag ? [["Type", typeTag] as const] : []),
    ...(user === "" ? [["User", "required"] as const] : []),
    ...(subject === "" ? [["Subject", "required"] as const] : []),
  ];
}

/** api/v1/notification_request.go validateEmailRequest: what a notification to be mailed must also carry. */
function emailFailure({ email_template, payload }: NotificationRequest): string | undefined {
  if (isBlank(email_template)) return "an email was requested, but no email template was specified";
  const address = payload?.email_address;
  if (address === undefined || address === null) return "an email was requested, but no email address was provided";
  if (typeof address !== "string") return "an email was requested, but the type of the email address was invalid";
  if (isBlank(address)) return "an email was requested, but the email address was blank";
  if (!isValidEmailAddress(address)) {
    return `an email was requsted, but an invalid email address was specified: format is incorrect for ${address}`;
  }
  return undefined;
}

/**
 * A `POST /notification` body read as api/v1/notification_request.go reads it: bound, validated (400 with
 * `{message}` at the first step that fails), the payload's `startdate` and `enddate` rewritten as epoch
 * milliseconds.
 */
export function readNotificationRequest(body: unknown): NotificationRequest {
  const fields = bound(body, FIELDS);
  const request: NotificationRequest = {
    type: fields.type ?? "",
    user: fields.user ?? "",
    subject: fields.subject ?? "",
    message: fields.message ?? "",
    email: fields.email ?? false,
    email_template: fields.email_template ?? "",
    payload: fields.payload ? { ...fields.payload } : null,
  };
  const failures = tagFailures(request);
  if (failures.length > 0) throw validationFailed("V1NotificationRequest", failures);
  const emailRefusal = request.email ? emailFailure(request) : undefined;
  if (emailRefusal) throw invalidRequestBody(emailRefusal);
  fixTimestampIn(request.payload, "startdate");
  fixTimestampIn(request.payload, "enddate");
  return request;
}
