import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { type AppsSimulator, createAppsSimulator } from "../src/apps/index.js";
import { appsIdentityOf } from "../src/demo-users.js";
import { describeMismatches } from "../src/framework/answers.js";

/** Requests to an apps simulator, as the gateway sends them (the caller's identity in the query). */
export function appsClient(apps: AppsSimulator) {
  async function call(method: string, path: string, body?: unknown, user = "alice") {
    const url = `${apps.url}${path}${path.includes("?") ? "&" : "?"}${appsIdentityOf(user)}`;
    const response = await fetch(url, {
      method,
      ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field; the schemas check their shape
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Record<string, any> };
  }
  /** A request that must succeed with 200 (or the status given); its answer. */
  async function ok(method: string, path: string, body?: unknown, user?: string, status = 200) {
    const answer = await call(method, path, body, user);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
    return answer.body;
  }
  return { call, ok };
}

/**
 * An apps simulator for the test file, started before its tests and disposed after them; after each test, no answer
 * it gave may have fallen outside its route's schema. Its requests as `appsClient` makes them.
 */
export function answeringAppsSimulator() {
  const apps: AppsSimulator = createAppsSimulator();
  beforeAll(() => apps.start());
  afterAll(() => apps.dispose());
  afterEach(() => {
    expect(apps.answerMismatches, describeMismatches(apps.answerMismatches)).toEqual([]);
  });
  return appsClient(apps);
}
