import type { IncomingMessage } from "node:http";
import { randomUuid } from "./random-ids.js";

export const REQUEST_ID_HEADER = "x-request-id";
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Keeps a well-formed caller-supplied id so a request can be traced across services; otherwise makes one. */
export function requestIdFor(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === "string" && ACCEPTABLE_ID.test(given) ? given : randomUuid();
}
