import { describe, expect, it } from "vitest";
import { idsOf, notify, storeAt, useService } from "./support.js";

const service = useService();
const get = async (url: string, username = "alice") =>
  service().app.inject({ method: "GET", url, headers: await service().as(username) });

describe("GET /secured/notifications/messages", () => {
  it("needs a token", async () => {
    const response = await service().app.inject({ method: "GET", url: "/secured/notifications/messages" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
  });

  it("lists the caller's messages newest first with their total, and no one else's", async () => {
    const older = storeAt(service(), "alice", 1_000);
    const newer = storeAt(service(), "alice", 2_000);
    storeAt(service(), "bob", 3_000);
    const response = await get("/secured/notifications/messages");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(idsOf(body)).toEqual([newer, older]);
    expect(body.total).toBe("2");
    expect(body.messages[0]).toMatchObject({ user: "alice", type: "data", seen: false, deleted: false });
  });

  it("pages with limit and offset (limit 0 means all) and sorts ascending on request", async () => {
    const ids = [1_000, 2_000, 3_000, 4_000, 5_000].map((at) => storeAt(service(), "alice", at));
    const page = (await get("/secured/notifications/messages?limit=2&offset=1&sortDir=asc")).json();
    expect(idsOf(page)).toEqual([ids[1], ids[2]]);
    expect(page.total).toBe("5");
    // Past the last message the service's total is 0 (it counts the page's own rows), and it is passed on as such.
    const beyond = (await get("/secured/notifications/messages?limit=2&offset=5")).json();
    expect(beyond).toMatchObject({ messages: [], total: "0" });
    const all = (await get("/secured/notifications/messages?limit=0&sortField=timestamp&sortDir=desc")).json();
    expect(idsOf(all)).toEqual([...ids].reverse());
  });

  it("takes the web client's upper-case sort direction and field", async () => {
    const ids = [1_000, 2_000].map((at) => storeAt(service(), "alice", at));
    const response = await get("/secured/notifications/messages?sortField=TIMESTAMP&sortDir=ASC");
    expect(response.statusCode).toBe(200);
    expect(idsOf(response.json())).toEqual(ids);
    expect(service().platform.notifications.recorder.to("GET", "/messages")[0]?.query).toMatchObject({
      sort_field: "timestamp",
      sort_dir: "asc",
    });
  });

  it("filters by type and by seen flag; `new` means unseen", async () => {
    const data = await notify(service(), "alice", { type: "data" });
    const analysis = await notify(service(), "alice", { type: "analysis" });
    const tool = await notify(service(), "alice", { type: "tool" });
    const headers = await service().as("alice");
    await service().app.inject({
      method: "POST",
      url: "/secured/notifications/seen",
      headers,
      payload: { uuids: [tool] },
    });
    const analyses = (await get("/secured/notifications/messages?filter=analysis")).json();
    expect(idsOf(analyses)).toEqual([analysis]);
    // The service's unseen_total counts the unseen messages of the listing's type only.
    expect(analyses.unseen_total).toBe("1");
    expect(idsOf((await get("/secured/notifications/messages?filter=Analysis")).json())).toEqual([analysis]);
    expect(idsOf((await get("/secured/notifications/messages?seen=true")).json())).toEqual([tool]);
    expect(new Set(idsOf((await get("/secured/notifications/messages?seen=false")).json()))).toEqual(
      new Set([data, analysis]),
    );
    expect(new Set(idsOf((await get("/secured/notifications/messages?filter=new")).json()))).toEqual(
      new Set([data, analysis]),
    );
    expect(idsOf((await get("/secured/notifications/messages?seen=TRUE")).json())).toEqual([tool]);
    expect(idsOf((await get("/secured/notifications/messages?filter=")).json())).toHaveLength(3);
  });

  it("filters by a type the gateway does not know yet: the backend registers them, listed with spaces", async () => {
    const vice = await notify(service(), "alice", { type: "VICE_Job" });
    await notify(service(), "alice", { type: "data" });
    const listed = (await get("/secured/notifications/messages?filter=VICE%20Job")).json();
    expect(idsOf(listed)).toEqual([vice]);
    // Recorded in lower case and listed with spaces for underscores, as the web client's categories read types.
    expect(listed.messages[0].type).toBe("vice job");
    expect((await get("/secured/notifications/count-messages?filter=vice_job")).json()["user-total"]).toBe(1);
  });

  it.each([
    ["limit=-1"],
    ["limit=ten"],
    ["offset=1.5"],
    ["seen=maybe"],
    ["sortDir=sideways"],
    ["sortField=subject"],
    ["filter=data%2Fanalysis"],
    ["limit=1&limit=2"],
  ])("refuses %s with 400 in the error model, without calling the backend", async (query) => {
    const response = await get(`/secured/notifications/messages?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.any(String) });
    expect(service().platform.notifications.recorder.to("GET", "/messages")).toHaveLength(0);
  });

  it("lists alice's messages for alice even when she asks for ?user=bob", async () => {
    const alices = await notify(service(), "alice");
    await notify(service(), "bob");
    const response = await get("/secured/notifications/messages?user=bob");
    expect(idsOf(response.json())).toEqual([alices]);
    expect(service().platform.notifications.recorder.to("GET", "/messages")[0]?.query.user).toBe("alice");
  });

  it("answers 502 when the notification backend is down and 504 when it hangs", async () => {
    await service().platform.notifications.stop();
    try {
      const down = await get("/secured/notifications/messages");
      expect(down.statusCode).toBe(502);
      expect(down.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    } finally {
      await service().platform.notifications.start();
    }
    service().platform.notifications.faults.set({ mode: "hang", path: "^/messages$" });
    const hung = await get("/secured/notifications/messages");
    expect(hung.statusCode).toBe(504);
    expect(hung.json()).toMatchObject({ error_code: "ERR_GATEWAY_TIMEOUT" });
  });

  it("answers 502 to a listing that is not one, down to its total", async () => {
    for (const body of [null, { messages: "x" }, { messages: [], total: null }, { messages: [], total: 1.5 }]) {
      service().platform.notifications.faults.set({ mode: "json-200", body, path: "^/messages$" });
      const listing = await get("/secured/notifications/messages");
      expect(listing.statusCode, JSON.stringify(body)).toBe(502);
      expect(listing.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    }
    service().platform.notifications.faults.set({
      mode: "json-200",
      body: { messages: [], total: "0" },
      path: "^/messages$",
    });
    expect((await get("/secured/notifications/messages")).json()).toEqual({ messages: [], total: "0" });
  });
});

describe("GET /secured/notifications/unseen-messages and /last-ten-messages", () => {
  it("unseen-messages lists only what the caller has not seen, oldest first", async () => {
    const first = storeAt(service(), "alice", 1_000);
    const seen = storeAt(service(), "alice", 2_000);
    const last = storeAt(service(), "alice", 3_000);
    storeAt(service(), "bob", 4_000);
    const headers = await service().as("alice");
    await service().app.inject({
      method: "POST",
      url: "/secured/notifications/seen",
      headers,
      payload: { uuids: [seen] },
    });
    const response = await get("/secured/notifications/unseen-messages");
    expect(response.statusCode).toBe(200);
    expect(idsOf(response.json())).toEqual([first, last]);
  });

  it("last-ten-messages gives the ten most recent, in ascending timestamp order", async () => {
    const ids = Array.from({ length: 12 }, (_, index) => storeAt(service(), "alice", 1_000 * (12 - index)));
    // ids[0] is the newest (12000), ids[11] the oldest (1000): the two oldest drop out.
    const response = await get("/secured/notifications/last-ten-messages");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(idsOf(body)).toEqual(ids.slice(0, 10).reverse());
    // The service sends each time as a string of epoch milliseconds; they are ordered as numbers.
    const stamps = body.messages.map((m: { message: { timestamp: string } }) => m.message.timestamp);
    expect(stamps).toEqual(["3000", "4000", "5000", "6000", "7000", "8000", "9000", "10000", "11000", "12000"]);
    // The service has no /last-ten-messages (neither has its simulator): its newest ten are the first page of its
    // listing, newest first.
    expect((await fetch(`${service().platform.notifications.url}/last-ten-messages?user=alice`)).status).toBe(404);
    expect(
      service()
        .platform.notifications.recorder.to("GET", "/messages")
        .map((asked) => asked.query),
    ).toEqual([{ user: "alice", limit: "10", offset: "0", sort_field: "timestamp", sort_dir: "desc" }]);

    // The order is the gateway's promise, whatever order the backend answers in.
    service().platform.notifications.faults.set({
      mode: "json-200",
      path: "^/messages$",
      body: { ...body, messages: [...body.messages].reverse() },
    });
    expect(idsOf((await get("/secured/notifications/last-ten-messages")).json())).toEqual(ids.slice(0, 10).reverse());
  });
});

describe("GET /secured/notifications/count-messages", () => {
  it("counts the caller's messages by type and seen flag, plus system message counts", async () => {
    await notify(service(), "alice", { type: "data" });
    const analysis = await notify(service(), "alice", { type: "analysis" });
    await notify(service(), "bob", { type: "data" });
    const headers = await service().as("alice");
    await service().app.inject({
      method: "POST",
      url: "/secured/notifications/seen",
      headers,
      payload: { uuids: [analysis] },
    });
    const all = (await get("/secured/notifications/count-messages")).json();
    expect(all).toEqual({ "user-total": 2, "system-total": 1, "system-total-new": 1, "system-total-unseen": 1 });
    expect((await get("/secured/notifications/count-messages?filter=DATA")).json()["user-total"]).toBe(1);
    expect((await get("/secured/notifications/count-messages?seen=true")).json()["user-total"]).toBe(1);
    expect((await get("/secured/notifications/count-messages?user=bob")).json()["user-total"]).toBe(2);
    // `new` counts the unseen messages of any type; the service's count has no such filter, so it is asked as
    // seen=false.
    expect((await get("/secured/notifications/count-messages?filter=new")).json()["user-total"]).toBe(1);
    const asked = service().platform.notifications.recorder.to("GET", "/count-messages").at(-1)?.query;
    expect(asked).toEqual({ user: "alice", seen: "false" });
  });

  it("answers a refusal of the service's ({message}) in the error model, with its status", async () => {
    const refusal = { message: "missing required query parameter: user" };
    service().platform.notifications.faults.set({ mode: "json-status", status: 400, body: refusal, path: "^/count" });
    const response = await get("/secured/notifications/count-messages");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error_code: "ERR_BAD_REQUEST",
      reason: refusal.message,
      backend_response: refusal,
    });
  });

  it("refuses a filter that is no type name, or an unknown seen value, with 400", async () => {
    for (const query of ["filter=data;drop", "seen=yes"]) {
      const response = await get(`/secured/notifications/count-messages?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    }
  });
});
