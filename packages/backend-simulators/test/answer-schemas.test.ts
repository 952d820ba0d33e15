import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeclaredRoute } from "../src/framework/answers.js";
import { SimulatedPlatform } from "../src/platform.js";

/**
 * Every route of every backend simulator declares the answers the real backend gives (its response schema,
 * from the backend's source), except the routes `answers-pending.txt` still lists. The list may only shrink:
 * a listed route that now declares its answers, or no longer exists, fails here too.
 */
const PENDING_FILE = new URL("./answers-pending.txt", import.meta.url);

const pending = new Set(
  readFileSync(PENDING_FILE, "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#")),
);

const declaresSuccess = (route: DeclaredRoute) =>
  Object.keys(route.answers ?? {}).some((status) => Number(status) >= 200 && Number(status) < 300);

describe("simulator answer schemas", () => {
  let platform: SimulatedPlatform;
  let routes: Array<{ key: string; declared: boolean }>;

  beforeAll(async () => {
    platform = await SimulatedPlatform.start();
    routes = platform
      .declaredRoutes()
      .flatMap(({ simulator, routes }) =>
        routes.map((route) => ({ key: `${simulator} ${route.method} ${route.url}`, declared: declaresSuccess(route) })),
      );
  });
  afterAll(() => platform.stop());

  it("every route declares its answers, or is listed as pending", () => {
    const undeclared = routes.filter((route) => !route.declared && !pending.has(route.key)).map((route) => route.key);
    expect(undeclared).toEqual([]);
  });

  it("the pending list names only routes that exist and still declare nothing", () => {
    const stillPending = new Set(routes.filter((route) => !route.declared).map((route) => route.key));
    expect([...pending].filter((key) => !stillPending.has(key))).toEqual([]);
  });
});
