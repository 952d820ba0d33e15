import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SimulatedPlatform } from "../src/platform.js";
import { answersOf } from "./answers-client.js";

/**
 * Every route of the permissions service answers in its own shapes (src/permissions/answer-schemas.ts), asked as
 * app-exposer and services/groups ask it, on alice's seed analysis.
 */
let platform: SimulatedPlatform;
const ok = answersOf(() => platform.permissions);
const SEED_ANALYSIS = "d6e5f4a3-0000-4000-8000-000000000001";
const GROUP = "0e1f2a3b-0000-4000-8000-0000000000f1";

beforeAll(async () => {
  platform = await SimulatedPlatform.start();
});
afterAll(() => platform.stop());

describe("the permissions service answers in its own shapes", () => {
  it("answers a subject's permission and every permission on a resource", async () => {
    const held = await ok("GET", `/permissions/subjects/user/alice/analysis/${SEED_ANALYSIS}?lookup=true`);
    expect(held.permissions[0]).toMatchObject({ permission_level: "own" });
    await ok("GET", `/permissions/resources/analysis/${SEED_ANALYSIS}`);
  });

  it("grants, copies and revokes permissions, and forgets a subject", async () => {
    const path = `/permissions/resources/analysis/${SEED_ANALYSIS}/subjects/group/${GROUP}`;
    // No group of Grouper's has that id: Grouper's members table has no source for it.
    expect((await ok("PUT", path, { permission_level: "read" })).subject.subject_source_id).toBe("");
    expect(
      await ok("POST", `/permissions/subjects/group/${GROUP}/copy`, {
        subjects: [{ subject_type: "user", subject_id: "bob" }],
      }),
    ).toBe("");
    await ok("DELETE", path);
    await ok("PUT", path, { permission_level: "write" });
    await ok("DELETE", `/subjects?subject_id=${GROUP}&subject_type=group`);
  });
});
