import { describe, expect, it } from "vitest";
import { notify, useService } from "./support.js";

const service = useService({ DESCRIPTIONS_TIMEOUT_MS: "250" });

// Demo apps of the apps simulator's catalogue.
const WORD_COUNT = { id: "c7f05682-23c8-4182-b9a2-e09650a5f49b", description: "Counts the words in a text file" };
const FASTQC = { id: "1b1e7c3a-5c8e-4b1f-9a8e-0d1f2a3b4c5d", description: "Quality control of sequencing reads" };
const ALICES_PRIVATE_APP = "9d2c4e6f-8a0b-4c1d-8e2f-3a4b5c6d7e8f";

const analysisOf = (user: string, appId: string) =>
  notify(service(), user, {
    type: "analysis",
    subject: "job completed",
    payload: { action: "job_status_change", analysis_id: appId, status: "Completed" },
  });
const list = async (url: string, username = "alice") =>
  service().app.inject({ method: "GET", url, headers: await service().as(username) });
// A notice sent without a payload is listed with a null one.
const detailsById = (body: { messages: Array<{ message: { id: string }; payload: Record<string, unknown> | null }> }) =>
  Object.fromEntries(body.messages.map((m) => [m.message.id, m.payload?.["analysis-details"]]));
// The apps backend's app details, which carry the description: one call per distinct app of the page.
const DETAILS = /^\/apps\/de\/[^/]+\/details$/;
const descriptionCalls = () => service().platform.apps.recorder.to("GET", DETAILS);
const askedIds = () => descriptionCalls().map((call) => call.path.split("/")[3]);

describe("app descriptions on analysis notifications", () => {
  it("adds each app's description, asking the apps backend for each distinct app's details once", async () => {
    const first = await analysisOf("alice", WORD_COUNT.id);
    const second = await analysisOf("alice", FASTQC.id);
    const third = await analysisOf("alice", WORD_COUNT.id);
    const data = await notify(service(), "alice", { type: "data" });
    const response = await list("/secured/notifications/messages");
    expect(response.statusCode).toBe(200);
    expect(detailsById(response.json())).toEqual({
      [first]: WORD_COUNT.description,
      [second]: FASTQC.description,
      [third]: WORD_COUNT.description,
      [data]: undefined,
    });
    expect(askedIds().sort()).toEqual([WORD_COUNT.id, FASTQC.id].sort());
    expect(descriptionCalls().map((call) => call.query.user)).toEqual(["alice", "alice"]);
  });

  it("asks for the caller's workspace before the details, which the apps backend refuses to a user without one", async () => {
    const id = await analysisOf("bob", WORD_COUNT.id);
    const response = await list("/secured/notifications/messages", "bob");
    expect(detailsById(response.json())).toEqual({ [id]: WORD_COUNT.description });
    const calls = service().platform.apps.recorder.requests.map((call) => `${call.method} ${call.path}`);
    expect(calls).toEqual(["GET /workspaces", `GET /apps/de/${WORD_COUNT.id}/details`]);
  });

  it("describes only the apps on the requested page", async () => {
    await analysisOf("alice", WORD_COUNT.id);
    await analysisOf("alice", FASTQC.id);
    await list("/secured/notifications/messages?limit=1");
    expect(askedIds()).toHaveLength(1);
  });

  it("describes unseen-messages and last-ten-messages too", async () => {
    const id = await analysisOf("alice", FASTQC.id);
    for (const url of ["/secured/notifications/unseen-messages", "/secured/notifications/last-ten-messages"]) {
      expect(detailsById((await list(url)).json())[id]).toBe(FASTQC.description);
    }
  });

  it("takes the description a job notice carries (app_description, as the apps backend sends them) without asking", async () => {
    const carried = await notify(service(), "alice", {
      type: "analysis",
      subject: "job completed",
      payload: { action: "job_status_change", app_id: WORD_COUNT.id, app_description: "As the notice says" },
    });
    const looked = await analysisOf("alice", FASTQC.id);
    expect(detailsById((await list("/secured/notifications/messages")).json())).toEqual({
      [carried]: "As the notice says",
      [looked]: FASTQC.description,
    });
    expect(askedIds()).toEqual([FASTQC.id]);
  });

  it("makes no apps call when no message names an app", async () => {
    await notify(service(), "alice", { type: "data" });
    expect((await list("/secured/notifications/messages")).statusCode).toBe(200);
    expect(descriptionCalls()).toHaveLength(0);
  });

  it("does not reveal the description of another user's private app", async () => {
    const bobs = await analysisOf("bob", ALICES_PRIVATE_APP);
    const alices = await analysisOf("alice", ALICES_PRIVATE_APP);
    expect(detailsById((await list("/secured/notifications/messages", "bob")).json())[bobs]).toBeUndefined();
    expect(detailsById((await list("/secured/notifications/messages", "alice")).json())[alices]).toBe(
      "Aligns reads the way alice likes",
    );
  });

  it("leaves out an app that no longer exists and describes the rest, more apps than it looks up at once", async () => {
    const gone = Array.from({ length: 9 }, (_, index) => `00000000-0000-4000-8000-00000000000${index}`);
    const ids = await Promise.all(gone.map((appId) => analysisOf("alice", appId)));
    const known = await analysisOf("alice", FASTQC.id);
    const response = await list("/secured/notifications/messages");
    expect(response.statusCode).toBe(200);
    expect(detailsById(response.json())).toEqual({
      ...Object.fromEntries(ids.map((id) => [id, undefined])),
      [known]: FASTQC.description,
    });
    expect(askedIds().sort()).toEqual([...gone, FASTQC.id].sort());
  });

  it("still lists the messages, without descriptions, when the apps backend is down", async () => {
    const id = await analysisOf("alice", WORD_COUNT.id);
    await service().platform.apps.stop();
    try {
      const response = await list("/secured/notifications/messages");
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.messages.map((m: { message: { id: string } }) => m.message.id)).toEqual([id]);
      expect(body.messages[0].payload).not.toHaveProperty("analysis-details");
      expect(body.messages[0].payload.analysis_id).toBe(WORD_COUNT.id);
    } finally {
      await service().platform.apps.start();
    }
  });

  it("stops asking once the apps backend fails or hangs: one short wait, not one per app", async () => {
    const apps = Array.from({ length: 12 }, (_, index) => `00000000-0000-4000-8000-0000000000${10 + index}`);
    for (const appId of apps) await analysisOf("alice", appId);
    for (const mode of ["json-500", "hang"] as const) {
      service().platform.apps.faults.forget();
      service().platform.apps.faults.set({ mode, path: DETAILS.source });
      const started = Date.now();
      const response = await list("/secured/notifications/messages?limit=20");
      expect(response.statusCode).toBe(200);
      expect(Object.values(detailsById(response.json())).every((details) => details === undefined)).toBe(true);
      // The first batch of lookups (8 at once) was asked; none after the failure.
      expect(service().platform.apps.faults.applied).toHaveLength(8);
      if (mode === "hang") expect(Date.now() - started).toBeLessThan(2_000);
    }
  });

  it("still lists the messages when the apps backend fails or hangs", async () => {
    const id = await analysisOf("alice", WORD_COUNT.id);
    for (const mode of ["html-500", "hang"] as const) {
      service().platform.apps.faults.set({ mode, path: DETAILS.source });
      const response = await list("/secured/notifications/messages");
      expect(response.statusCode).toBe(200);
      expect(detailsById(response.json())).toEqual({ [id]: undefined });
    }
  });
});
