import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";
import { send } from "./helpers.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp);
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

const usernames = (body: { users: Array<{ username: string }> }) => body.users.map((user) => user.username);

describe("collaborators (apps backend passthroughs)", () => {
  it("adds, lists and removes the caller's collaborators", async () => {
    const added = await send(service, "alice", "POST", "/secured/collaborators", {
      users: [{ username: "bob" }, { username: "carol" }],
    });
    expect(added.statusCode).toBe(200);
    const listed = await send(service, "alice", "GET", "/secured/collaborators");
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      users: [
        {
          username: "bob",
          firstname: "Bob",
          lastname: "Builder",
          email: "bob@example.org",
          institution: "Fix-It College",
        },
        expect.objectContaining({ username: "carol" }),
      ],
    });
    const removed = await send(service, "alice", "POST", "/secured/remove-collaborators", {
      users: [{ username: "bob" }],
    });
    expect(removed.statusCode).toBe(200);
    expect(usernames((await send(service, "alice", "GET", "/secured/collaborators")).json())).toEqual(["carol"]);
    expect(usernames((await send(service, "bob", "GET", "/secured/collaborators")).json())).toEqual([]);
  });

  it("acts for the caller named by the token, whatever the query says", async () => {
    await send(service, "alice", "POST", "/secured/collaborators?user=bob", { users: [{ username: "carol" }] });
    expect(service.platform.apps.state.collaborators.byUser.get("alice")).toEqual(["carol"]);
    expect(service.platform.apps.state.collaborators.byUser.has("bob")).toBe(false);
    const [call] = service.platform.apps.recorder.to("POST", "/collaborators");
    expect(call?.query).toMatchObject({ user: "alice", email: "alice@example.org" });
  });

  it("passes the backend's 400 for a malformed body through", async () => {
    const response = await send(service, "alice", "POST", "/secured/remove-collaborators", { users: "bob" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
  });

  it("answers 502 when the apps backend is down", async () => {
    await service.platform.apps.stop();
    try {
      const response = await send(service, "alice", "POST", "/secured/collaborators", { users: [{ username: "bob" }] });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    } finally {
      await service.platform.apps.start();
    }
  });
});
