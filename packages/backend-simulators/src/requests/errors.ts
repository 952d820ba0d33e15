/** An error as the requests service answers one: a status and `{message}`, with a code and details for limits. */
export class RequestsError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
