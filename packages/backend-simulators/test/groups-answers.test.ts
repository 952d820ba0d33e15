import { describe, expect, it } from "vitest";
import { answersOf } from "./answers-client.js";
import { group, NEWS, ROOT, useGroups } from "./groups-client.js";

/**
 * Every route of the groups backend answers in its own shapes (src/groups/answer-schemas.ts), asked as
 * services/groups asks it: as a user in `?user=`, names URL-encoded, on carol's seeded team.
 */
const groups = useGroups();
const ok = answersOf(groups);
const TEAM = `${ROOT}:teams:carol:crew`;
const asCarol = (path: string) => `${path}${path.includes("?") ? "&" : "?"}user=carol`;

describe("the groups backend answers in its own shapes", () => {
  it("answers subject search, lookups, a subject and its groups and privileges", async () => {
    await ok("GET", asCarol("/subjects?search=alice"));
    expect((await ok("POST", asCarol("/subjects/lookup"), { subject_ids: ["alice", "nobody"] })).subjects).toHaveLength(
      1,
    );
    await ok("GET", asCarol("/subjects/alice"));
    await ok("GET", asCarol(`/subjects/carol/groups?folder=${encodeURIComponent(`${ROOT}:teams`)}&details=true`));
    await ok("GET", asCarol(`/subjects/carol/privileges?entity-type=group&folder=${encodeURIComponent(ROOT)}`));
  });

  it("answers folders: one, a new one, a privilege on one", async () => {
    const folder = `${ROOT}:teams:carol:sub`;
    await ok("GET", asCarol(`/folders/${encodeURIComponent(`${ROOT}:teams`)}`));
    await ok("POST", asCarol("/folders"), { name: folder, description: "" });
    await ok("PUT", asCarol(`/folders/${encodeURIComponent(folder)}/privileges/alice/stem`));
  });

  it("answers groups, their members and privileges, and their refusals", async () => {
    await ok("GET", asCarol(`/groups?search=news&folder=${encodeURIComponent(ROOT)}&details=true`));
    await ok("POST", asCarol("/groups"), { name: TEAM, type: "group", description: "" });
    await ok("GET", asCarol(group(TEAM)));
    await ok("PUT", asCarol(group(TEAM)), { description: "Carol's crew" });
    await ok("POST", asCarol(group(TEAM, "/members")), { members: ["alice", "bob"] });
    await ok("POST", asCarol(group(TEAM, "/members/deleter")), { members: ["bob"] });
    await ok("GET", asCarol(group(TEAM, "/members")));
    await ok("GET", asCarol(group(TEAM, "/privileges?subject-id=alice&inheritance-level=immediate")));
    await ok("POST", asCarol(group(TEAM, "/privileges?replace=false")), {
      updates: [{ subject_id: "alice", privileges: ["optout"] }],
    });
    await ok("POST", asCarol(group(TEAM, "/privileges/deleter")), {
      updates: [{ subject_id: "alice", privileges: ["optout"] }],
    });
    await ok("DELETE", asCarol(group(TEAM)));
    await ok("GET", asCarol(group(TEAM)), undefined, 404);
    await ok("POST", asCarol("/groups"), { name: NEWS, type: "group" }, 500);
    await ok("POST", asCarol(group(NEWS, "/members")), { members: ["nobody"] }, 500);
    await ok("POST", "/folders?user=bob", { name: `${ROOT}:teams:carol:other` }, 403);
    await ok("GET", "/subjects?user=bob", undefined, 400);
  });
});
