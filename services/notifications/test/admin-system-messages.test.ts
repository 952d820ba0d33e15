import { describe, expect, it } from "vitest";
import { useService } from "./support.js";

const service = useService();
const as = async (username: string, method: "GET" | "PUT" | "POST" | "DELETE", url: string, payload?: unknown) =>
  service().app.inject({ method, url, headers: await service().as(username), ...(payload ? { payload } : {}) });
const inOneHour = () => Date.now() + 3_600_000;
const maintenance = () => ({ type: "maintenance", message: "Down tonight", deactivation_date: inOneHour() });

describe("/admin/notifications/system", () => {
  it.each([
    ["PUT", "/admin/notifications/system"],
    ["GET", "/admin/notifications/system"],
    ["GET", "/admin/notifications/system/5b0d1f3e-7a52-4c1e-9d8f-2e6a4b3c1d70"],
    ["POST", "/admin/notifications/system/5b0d1f3e-7a52-4c1e-9d8f-2e6a4b3c1d70"],
    ["DELETE", "/admin/notifications/system/5b0d1f3e-7a52-4c1e-9d8f-2e6a4b3c1d70"],
    ["GET", "/admin/notifications/system-types"],
  ] as const)("%s %s is 403 for a non-administrator and 401 without a token", async (method, url) => {
    const forbidden = await as("alice", method, url, method === "PUT" || method === "POST" ? maintenance() : undefined);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ error_code: "ERR_FORBIDDEN" });
    const anonymous = await service().app.inject({ method, url });
    expect(anonymous.statusCode).toBe(401);
    expect(service().platform.notifications.recorder.requests).toHaveLength(0);
  });

  it("lets an administrator add, read, list, change and remove a system message that users then see", async () => {
    const added = await as("carol", "PUT", "/admin/notifications/system", { ...maintenance(), dismissible: true });
    expect(added.statusCode).toBe(200);
    const created = added.json()["system-notification"];
    expect(created).toMatchObject({ type: "maintenance", message: "Down tonight", dismissible: true });

    const users = async () =>
      (await as("bob", "GET", "/secured/notifications/system/messages"))
        .json()
        ["system-messages"].map((m: { message: string }) => m.message);
    expect(await users()).toContain("Down tonight");

    const read = await as("carol", "GET", `/admin/notifications/system/${created.uuid}`);
    expect(read.json()["system-notification"]).toEqual(created);

    const listed = await as("carol", "GET", "/admin/notifications/system?type=maintenance&active-only=true");
    expect(listed.json()).toMatchObject({ total: 1, "system-messages": [{ uuid: created.uuid }] });

    const changed = await as("carol", "POST", `/admin/notifications/system/${created.uuid}`, { message: "Down at 9" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()["system-notification"]).toMatchObject({ uuid: created.uuid, message: "Down at 9" });
    expect(await users()).toContain("Down at 9");

    const removed = await as("carol", "DELETE", `/admin/notifications/system/${created.uuid}`);
    expect(removed.statusCode).toBe(200);
    expect(await users()).not.toContain("Down at 9");
    const gone = await as("carol", "GET", `/admin/notifications/system/${created.uuid}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ error_code: "ERR_NOT_FOUND" });
  });

  it("lists the system message types", async () => {
    const response = await as("carol", "GET", "/admin/notifications/system-types");
    expect(response.statusCode).toBe(200);
    expect(response.json().types).toEqual(expect.arrayContaining(["announcement", "maintenance", "warning"]));
  });

  it.each([
    ["a missing message", { type: "warning", deactivation_date: inOneHour() }],
    ["an unknown type", { ...maintenance(), type: "rumour" }],
    ["a deactivation date in the past", { ...maintenance(), deactivation_date: Date.now() - 1000 }],
    ["an activation after the deactivation", { ...maintenance(), activation_date: inOneHour() + 1000 }],
  ])("refuses to add %s with the backend's 400 in the error model", async (_name, payload) => {
    const response = await as("carol", "PUT", "/admin/notifications/system", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.any(String) });
    expect(service().platform.notifications.state.system.messages.size).toBe(1);
  });

  it("relays the backend's 400 for a malformed uuid, and refuses one that tries to climb the path itself", async () => {
    const malformed = await as("carol", "GET", "/admin/notifications/system/not-a-uuid");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    service().platform.notifications.recorder.clear();
    const climbing = await as("carol", "GET", "/admin/notifications/system/..%2F..%2Fsystem-types");
    expect(climbing.statusCode).toBe(400);
    expect(climbing.json()).toMatchObject({ error_code: "ERR_BAD_PATH" });
    expect(service().platform.notifications.recorder.requests).toHaveLength(0);
  });
});
