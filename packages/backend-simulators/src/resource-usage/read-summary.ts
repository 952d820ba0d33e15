import { isJsonObject } from "../framework/json-object.js";
import type { SubscriptionSummary } from "./summary.js";

/**
 * What resource-usage-api makes of the subscriptions service's `/summary/{user}` (internal/summarizer/
 * httpsummarizer.go): it reads the body whatever the status and decodes it into a qms.SubscriptionResponse. No answer,
 * or one that does not decode, leaves the summary empty; one that decodes without a subscription (an error envelope,
 * echo's `{message}`, `null`), or without its user or plan, is dereferenced anyway: the handler panics, and as the
 * service has no recovering middleware, net/http drops the connection without an answer.
 */
export type SummaryRead =
  | { kind: "unreadable" }
  | { kind: "panics" }
  | { kind: "read"; subscription: SubscriptionSummary };

export function decodeSummary(text: string): SummaryRead {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { kind: "unreadable" };
  }
  // encoding/json leaves the struct as it is for null, and refuses any other JSON that is no object.
  if (body === null) return { kind: "panics" };
  if (!isJsonObject(body)) return { kind: "unreadable" };
  const subscription = body.subscription;
  if (subscription === undefined || subscription === null) return { kind: "panics" };
  if (!isJsonObject(subscription)) return { kind: "unreadable" };
  if (!isJsonObject(subscription.user) || !isJsonObject(subscription.plan)) return { kind: "panics" };
  return { kind: "read", subscription: subscription as unknown as SubscriptionSummary };
}

/** GETs the summary with no time limit of its own: the request is the caller's, and ends when the caller goes. */
export async function readSummary(url: string, signal: AbortSignal): Promise<SummaryRead> {
  try {
    const response = await fetch(url, { signal });
    return decodeSummary(await response.text());
  } catch {
    return { kind: "unreadable" };
  }
}
