import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRequestsSimulator, type RequestsSimulator } from "../src/requests/index.js";
import { answersOf } from "./answers-client.js";

/**
 * Every route of the requests service answers in its own shapes (src/requests/answer-schemas.ts), asked as the
 * gateway asks (services/apps-proxy: `user` is the caller's short name): a request type registered, a request
 * submitted within its limits, listed, read and moved through its statuses.
 */
const requests: RequestsSimulator = createRequestsSimulator();
const ok = answersOf(() => requests);
beforeAll(() => requests.start());
afterAll(() => requests.dispose());

describe("the requests service answers in its own shapes", () => {
  it("registers, lists, reads and changes request types", async () => {
    await ok("POST", "/request-types/vice?maximum-concurrent-requests-per-user=1");
    expect((await ok("GET", "/request-types")).request_types.map((type: { name: string }) => type.name)).toContain(
      "vice",
    );
    await ok("GET", "/request-types/vice");
    expect(await ok("PATCH", "/request-types/vice?maximum-requests-per-user=3")).toMatchObject({
      maximum_requests_per_user: 3,
    });
  });

  it("submits, lists, reads and updates a request, its updates named by their statuses' display names", async () => {
    const submitted = await ok("POST", "/requests?user=bob", {
      request_type: "vice",
      details: { intended_use: "a course", concurrent_jobs: 2 },
    });
    expect(submitted.status).toBe("Submitted");
    await ok("GET", "/requests?include-completed=false&request-type=vice&requesting-user=bob");
    expect(
      await ok("POST", `/requests/${submitted.id}/status?user=carol`, { status: "approved", message: "Enjoy." }),
    ).toMatchObject({ status: "Approved", updating_user: "carol", message: "Enjoy." });
    const read = await ok("GET", `/requests/${submitted.id}`);
    expect(read.updates.map((update: { status: string }) => update.status)).toEqual(["Submitted", "Approved"]);
  });
});
