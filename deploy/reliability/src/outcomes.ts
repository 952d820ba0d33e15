/** What became of one request the load generator sent. Times are `performance.now()` milliseconds. */
export interface Outcome {
  route: string;
  /** The `x-request-id` it carried, which the services pass on to the backends. */
  id: string;
  sentAt: number;
  endedAt: number;
  /** The HTTP status, when an answer came. */
  status?: number;
  /** `error_code` of an answer that is not 2xx, when its body follows the error model. */
  errorCode?: string;
  /** How the exchange failed when no answer came (see `failureKind`). */
  failure?: string;
}

type FailureKind = "refused" | "reset" | "timeout" | "other";

const RESETS = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_CLOSED"]);
const TIMEOUTS = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "UND_ERR_CONNECT_TIMEOUT", "ETIMEDOUT"]);

/**
 * A refused connection means the request never reached a server; a reset means a connection broke with the
 * request on it (the request is lost: the caller cannot know whether it was carried out).
 */
function failureKind(code: string): FailureKind {
  if (code === "ECONNREFUSED") return "refused";
  if (RESETS.has(code)) return "reset";
  if (TIMEOUTS.has(code)) return "timeout";
  return "other";
}

/** The error codes along an error's cause chain, outermost first. */
export function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let current = error; current && typeof current === "object"; current = (current as Error).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
  }
  return codes;
}

/** `error_code` when the body follows the error model `{error_code, reason}`. */
export function errorCodeOf(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error_code?: unknown; reason?: unknown };
    return typeof body.error_code === "string" && typeof body.reason === "string" ? body.error_code : undefined;
  } catch {
    return undefined;
  }
}

/** A 2xx, or a 4xx whose body follows the error model: the answers a client may get to any request, good or bad. */
export function withinContract(outcome: Outcome, { bodiless = false } = {}): boolean {
  const status = outcome.status ?? 0;
  // An answer to HEAD carries no body, so its refusal has no error model to show.
  return (
    (status >= 200 && status < 300) || (status >= 400 && status < 500 && (bodiless || outcome.errorCode !== undefined))
  );
}

export const latency = (outcome: Outcome) => outcome.endedAt - outcome.sentAt;

/** Counts over outcomes, kept as they come so that long runs need not hold every outcome. */
export class Tally {
  sent = 0;
  ok = 0;
  badGateway = 0;
  gatewayTimeout = 0;
  otherServerError = 0;
  /** Answers below 500 that are not 2xx (401, 404, ...). */
  otherAnswer = 0;
  resets = 0;
  refused = 0;
  timeouts = 0;
  otherFailure = 0;
  /** Non-2xx answers whose body is not `{error_code, reason}`. */
  withoutErrorModel = 0;
  /** Requests the client itself broke off (aborted uploads): sent, never meant to be answered. */
  abandoned = 0;

  addAbandoned(): void {
    this.sent += 1;
    this.abandoned += 1;
  }

  /** An answer seen outside the load generator (a download, an upload). */
  addAnswer(route: string, status: number): void {
    this.add({ route, id: "", sentAt: 0, endedAt: 0, status });
  }

  add(outcome: Outcome): void {
    this.sent += 1;
    if (outcome.failure !== undefined) {
      const kind = failureKind(outcome.failure);
      if (kind === "refused") this.refused += 1;
      else if (kind === "reset") this.resets += 1;
      else if (kind === "timeout") this.timeouts += 1;
      else this.otherFailure += 1;
      return;
    }
    const status = outcome.status ?? 0;
    if (status < 300) this.ok += 1;
    else {
      if (outcome.errorCode === undefined) this.withoutErrorModel += 1;
      if (status === 502) this.badGateway += 1;
      else if (status === 504) this.gatewayTimeout += 1;
      else if (status >= 500) this.otherServerError += 1;
      else this.otherAnswer += 1;
    }
  }

  static of(outcomes: Iterable<Outcome>): Tally {
    const tally = new Tally();
    for (const outcome of outcomes) tally.add(outcome);
    return tally;
  }
}
