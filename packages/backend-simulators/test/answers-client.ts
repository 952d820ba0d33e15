import { expect } from "vitest";
import { type AnswerMismatch, describeMismatches } from "../src/framework/answers.js";

/** A simulator as the answers tests see it: where it listens and the answers it gave outside their schemas. */
export interface Answering {
  readonly url: string;
  readonly answerMismatches: AnswerMismatch[];
}

// biome-ignore lint/suspicious/noExplicitAny: answers are JSON of many shapes, each read by the test that asks
export type Json = any;

/**
 * Requests to one simulator that expect an answer of a given status that matched its route's schema, for the
 * tests that ask every declared route once: `ok("GET", "/path?user=alice")`, `ok("POST", "/path", body, 201)`.
 */
export function answersOf(simulator: () => Answering) {
  return async function ok(method: string, path: string, body?: unknown, status = 200): Promise<Json> {
    const response = await fetch(`${simulator().url}${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const json = text && /json/.test(response.headers.get("content-type") ?? "") ? JSON.parse(text) : text;
    expect(response.status, `${method} ${path}: ${text}`).toBe(status);
    const mismatches = simulator().answerMismatches.splice(0);
    expect(mismatches, describeMismatches(mismatches)).toEqual([]);
    return json;
  };
}
