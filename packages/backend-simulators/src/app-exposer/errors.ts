import { EchoError } from "../analyses/echo-errors.js";

export { answerEchoErrors as echoErrors, goError } from "../analyses/echo-errors.js";

/** An `echo.HTTPError` of app-exposer's: the status, and `{"message": "code=<status>, message=<text>"}`. */
export const echoError = (status: number, message: string) => new EchoError(status, message);

/**
 * A cluster operator's refusal as its client words it (operatorclient/client.go `Logs`, `checkStatus`: `<action>
 * returned <status>: <body>`, the body echo's `{"message"}` with its newline).
 */
export const operatorRefusal = (action: string, status: number, message: string) =>
  `${action} returned ${status}: ${JSON.stringify({ message })}\n`;

/** An operator refused what app-exposer passed on: app-exposer answers its own 500 with the client's error. */
export const operatorRefused = (action: string, status: number, message: string) =>
  echoError(500, operatorRefusal(action, status, message));

/** The `user` query parameter most endpoints require. */
export function requiredUser(query: unknown, status = 400, message = "user query parameter must be set"): string {
  const user = (query as Record<string, unknown> | undefined)?.user;
  if (typeof user !== "string" || !user) throw echoError(status, message);
  return user;
}
