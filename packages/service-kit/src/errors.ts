import { Type } from "typebox";

/** The JSON body of every error answer: clients depend on `error_code`; `reason` is for humans. */
export const ErrorBody = Type.Object(
  { error_code: Type.String(), reason: Type.String() },
  { additionalProperties: true },
);

/** The error answers nearly any route may give: refused input, sign-in and access, not found, a failing backend. */
export const ERROR_ANSWERS = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  502: ErrorBody,
  504: ErrorBody,
};

const CODE_BY_STATUS: Record<number, string> = {
  400: "ERR_BAD_REQUEST",
  401: "ERR_NOT_AUTHORIZED",
  403: "ERR_FORBIDDEN",
  404: "ERR_NOT_FOUND",
  405: "ERR_METHOD_NOT_ALLOWED",
  406: "ERR_NOT_ACCEPTABLE",
  409: "ERR_CONFLICT",
  413: "ERR_REQUEST_TOO_LARGE",
  415: "ERR_UNSUPPORTED_MEDIA_TYPE",
  500: "ERR_UNCHECKED_EXCEPTION",
  502: "ERR_BAD_GATEWAY",
  503: "ERR_UNAVAILABLE",
  504: "ERR_GATEWAY_TIMEOUT",
};

export function errorCodeForStatus(status: number): string {
  return CODE_BY_STATUS[status] ?? (status < 500 ? "ERR_BAD_REQUEST" : "ERR_UNCHECKED_EXCEPTION");
}

/** An error whose status, code and body are meant for the client. */
export class GatewayError extends Error {
  readonly statusCode: number;
  readonly errorCode: string;
  readonly details: Record<string, unknown>;

  constructor(
    statusCode: number,
    reason: string,
    errorCode = errorCodeForStatus(statusCode),
    details: Record<string, unknown> = {},
  ) {
    super(reason);
    this.name = "GatewayError";
    this.statusCode = statusCode;
    this.errorCode = errorCode;
    this.details = details;
  }

  toBody(): Record<string, unknown> {
    return { error_code: this.errorCode, reason: this.message, ...this.details };
  }
}

export const badRequest = (reason: string, errorCode = "ERR_BAD_REQUEST", details?: Record<string, unknown>) =>
  new GatewayError(400, reason, errorCode, details);
export const notAuthorized = (reason: string) => new GatewayError(401, reason);
export const forbidden = (reason: string, errorCode = "ERR_FORBIDDEN") => new GatewayError(403, reason, errorCode);
export const notFound = (reason: string, errorCode = "ERR_NOT_FOUND") => new GatewayError(404, reason, errorCode);
export const badGateway = (reason: string) => new GatewayError(502, reason);
export const gatewayTimeout = (reason: string) => new GatewayError(504, reason);
