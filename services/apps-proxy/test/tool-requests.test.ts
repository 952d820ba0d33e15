import { type ServiceUnderTest, TOOL_REQUEST_ADDRESS } from "@de-gateway/backend-simulators";
import { loadConfig } from "@de-gateway/service-kit";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";
import { requesterOf } from "../src/tool-requests/notification.js";
import { sender, startAppsProxy } from "./support.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy();
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());
const send = sender(() => service);
const notifications = () => service.platform.notifications.state.intake.messages;

const toolRequest = {
  name: "bowtie2",
  description: "Fast read aligner",
  version: "2.5.4",
  source_url: "https://github.com/BenLangmead/bowtie2",
  documentation_url: "https://bowtie-bio.sourceforge.net/bowtie2/manual.shtml",
  attribution: "Ben Langmead",
  test_data_path: "/iplant/home/alice/bowtie-test",
  cmd_line: "bowtie2 -x index -U reads.fq",
  architecture: "64-bit Generic",
};

async function submitted(user = "alice") {
  const response = await send(user, "POST", "/tool-requests", toolRequest);
  expect(response.statusCode).toBe(200);
  return response.json() as { id: string };
}

describe("submitting a tool request", () => {
  it("names a requester whose token carries no name or e-mail address by username, with no reply address", async () => {
    const token = await service.platform.token("alice", {
      claims: { name: undefined, given_name: undefined, family_name: undefined, email: undefined },
    });
    const response = await service.app.inject({
      method: "POST",
      url: "/tool-requests",
      headers: { authorization: `Bearer ${token}` },
      payload: toolRequest,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [mail] = service.platform.smtp.mails;
    expect(mail?.replyTo ?? "").toBe("");
    expect(mail?.text?.split("\n")[0]).toBe("alice (alice) requested a tool.");
  });

  it("forwards it, mails the tool-request team and notifies the requester", async () => {
    const response = await send("alice", "POST", "/tool-requests", toolRequest);
    expect(response.statusCode).toBe(200);
    const details = response.json();
    // The apps service names the requester as its users table does: qualified.
    expect(details).toMatchObject({
      ...toolRequest,
      submitted_by: "alice@iplantcollaborative.org",
      history: [{ status: "Submitted", updated_by: "alice@iplantcollaborative.org" }],
    });

    expect(service.platform.smtp.mails).toEqual([
      expect.objectContaining({
        to: [TOOL_REQUEST_ADDRESS],
        replyTo: "alice@example.org",
        subject: "New Tool Request: bowtie2 2.5.4",
        text: expect.stringContaining(`Tool request ID: ${details.id}`),
      }),
    ]);
    expect(service.platform.smtp.mails[0]?.text?.trimEnd()).toBe(
      [
        "Alice Liddell (alice, alice@example.org) requested a tool.",
        "",
        `Tool request ID: ${details.id}`,
        "Name: bowtie2",
        "Version: 2.5.4",
        "Description: Fast read aligner",
        "Source: https://github.com/BenLangmead/bowtie2",
        "Documentation: https://bowtie-bio.sourceforge.net/bowtie2/manual.shtml",
        "Attribution: Ben Langmead",
        "Test data: /iplant/home/alice/bowtie-test",
        "Command line: bowtie2 -x index -U reads.fq",
        "Architecture: 64-bit Generic",
        "Multithreaded: false",
      ].join("\n"),
    );
    expect(notifications()).toEqual([
      expect.objectContaining({
        user: "alice",
        type: "tool",
        subject: "Tool Request bowtie2 Submitted",
        email: true,
        payload: expect.objectContaining({
          email_address: "alice@example.org",
          toolname: "bowtie2",
          tooldirectory: toolRequest.source_url,
          tooldescription: "Fast read aligner",
          toolattribution: "Ben Langmead",
          toolversion: "2.5.4",
          tool_request_id: details.id,
          status: "Submitted",
        }),
      }),
    ]);
  });

  it("returns the backend's refusal unchanged and announces nothing", async () => {
    const { cmd_line: _missing, ...incomplete } = toolRequest;
    const refused = await send("alice", "POST", "/tool-requests", incomplete);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error_code: "ERR_BAD_OR_MISSING_FIELD",
      reason: "the request field cmd_line is required",
    });
    expect(service.platform.smtp.mails).toEqual([]);
    expect(notifications()).toEqual([]);
  });

  it("still returns the backend's answer when the mail server is down, and still notifies", async () => {
    await service.platform.smtp.stopSmtp();
    try {
      const response = await send("alice", "POST", "/tool-requests", toolRequest);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ name: "bowtie2", submitted_by: "alice@iplantcollaborative.org" });
    } finally {
      await service.platform.smtp.startSmtp();
    }
    expect(notifications()).toHaveLength(1);
    expect(service.platform.apps.state.toolRequests.requests.size).toBe(1);
  });

  it("still returns the backend's answer when the notification backend fails, and still mails", async () => {
    service.platform.notifications.faults.set({ mode: "json-500" });
    const response = await send("alice", "POST", "/tool-requests", toolRequest);
    expect(response.statusCode).toBe(200);
    expect(service.platform.smtp.mails).toHaveLength(1);
    await service.platform.notifications.stop();
    try {
      expect((await send("alice", "POST", "/tool-requests", toolRequest)).statusCode).toBe(200);
    } finally {
      await service.platform.notifications.start();
    }
    expect(service.platform.smtp.mails).toHaveLength(2);
  });

  it("answers 502 when the apps backend is down, without announcing anything", async () => {
    await service.platform.apps.stop();
    try {
      const response = await send("alice", "POST", "/tool-requests", toolRequest);
      expect(response.statusCode).toBe(502);
    } finally {
      await service.platform.apps.start();
    }
    expect(service.platform.smtp.mails).toEqual([]);
    expect(notifications()).toEqual([]);
  });
});

describe("updating a tool request's status", () => {
  it("knows the requester by the short username, as the apps backend may qualify it with the identity domain", () => {
    expect(requesterOf({ submitted_by: "bob@iplantcollaborative.org" })).toBe("bob");
    expect(requesterOf({ submitted_by: "bob" })).toBe("bob");
    expect(requesterOf({})).toBeUndefined();
    expect(requesterOf(null)).toBeUndefined();
    expect(requesterOf({ submitted_by: 5 } as never)).toBeUndefined();
  });

  it("relays a status update the backend answered with something other than its details, and notifies no one", async () => {
    const { id } = await submitted("bob");
    const before = notifications().length;
    service.platform.apps.faults.set({ mode: "json-200", body: null, method: "POST", path: "/status$" });
    const response = await send("carol", "POST", `/admin/tool-requests/${id}/status`, { status: "Validation" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("null");
    expect(notifications()).toHaveLength(before);
  });

  it("returns the backend's 404 for an unknown tool request and notifies no one", async () => {
    const response = await send("carol", "POST", "/admin/tool-requests/00000000-0000-4000-8000-000000000000/status", {
      status: "Installation",
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error_code: "ERR_NOT_FOUND" });
    expect(notifications()).toEqual([]);
  });

  it("notifies the requester, not the administrator, and returns the backend's details", async () => {
    const { id } = await submitted("bob");
    const update = { status: "Installation", comments: "installing now" };
    const response = await send("carol", "POST", `/admin/tool-requests/${id}/status`, update);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      history: [{ status: "Submitted" }, { ...update, updated_by: "carol@iplantcollaborative.org" }],
    });
    expect(notifications().at(-1)).toMatchObject({
      user: "bob",
      type: "tool",
      subject: "Tool Request bowtie2 Status Changed to Installation",
      // Mailed to the requester, whose address the user directory (groups backend) gives.
      email: true,
      payload: {
        email_address: "bob@example.org",
        toolname: "bowtie2",
        status: "Installation",
        comments: "installing now",
        tool_request_id: id,
      },
    });
  });

  it("still notifies, without a mail, when the user directory cannot give the requester's address", async () => {
    const { id } = await submitted("bob");
    service.platform.groups.faults.set({ mode: "json-500" });
    const response = await send("carol", "POST", `/admin/tool-requests/${id}/status`, { status: "Validation" });
    expect(response.statusCode).toBe(200);
    const notice = notifications().at(-1);
    expect(notice).toMatchObject({ user: "bob", email: false, payload: { status: "Validation" } });
    expect(notice?.payload).not.toHaveProperty("email_address");
  });

  it("returns the update's answer even when the notification fails", async () => {
    const { id } = await submitted("bob");
    service.platform.notifications.faults.set({ mode: "hang" });
    const response = await send("carol", "POST", `/admin/tool-requests/${id}/status`, { status: "Completion" });
    expect(response.statusCode).toBe(200);
    expect(response.json().history.at(-1)).toMatchObject({ status: "Completion" });
  });

  it("is for administrators only", async () => {
    const { id } = await submitted("bob");
    const response = await send("bob", "POST", `/admin/tool-requests/${id}/status`, { status: "Completion" });
    expect(response.statusCode).toBe(403);
    expect(service.platform.apps.recorder.to("POST", /status$/)).toEqual([]);
  });
});

describe("reading tool requests", () => {
  it("lists the caller's requests, all requests for administrators, and the status codes", async () => {
    const { id } = await submitted("alice");
    await submitted("bob");
    expect((await send("alice", "GET", "/tool-requests")).json()).toMatchObject({
      tool_requests: [{ id, name: "bowtie2", status: "Submitted", requested_by: "alice@iplantcollaborative.org" }],
    });
    expect((await send("carol", "GET", "/admin/tool-requests")).json().tool_requests).toHaveLength(2);
    // The administrators' filter is the requester's username as the apps service keeps it (tool_requests.clj).
    const byUser = async (username: string) =>
      (await send("carol", "GET", `/admin/tool-requests?username=${encodeURIComponent(username)}`)).json()
        .tool_requests;
    expect(await byUser("alice@iplantcollaborative.org")).toMatchObject([{ id }]);
    expect(await byUser("alice")).toEqual([]);
    expect((await send("carol", "GET", `/admin/tool-requests/${id}`)).json()).toMatchObject({
      id,
      cmd_line: toolRequest.cmd_line,
    });
    const codes = (await send("alice", "GET", "/tool-requests/status-codes?filter=comp")).json();
    expect(codes).toMatchObject({ status_codes: [{ name: "Completion" }] });
  });
});

describe("TOOL_REQUEST_NOTIFY=false (the real apps backend notifies requesters itself)", () => {
  it("still forwards and mails, but the gateway notifies the requester of neither the submission nor a status change", async () => {
    const env = { ...(await service.platform.env()), LOG_LEVEL: "silent", TOOL_REQUEST_NOTIFY: "false" };
    const quiet = await buildApp(loadConfig(Config, env));
    try {
      const submit = await quiet.inject({
        method: "POST",
        url: "/tool-requests",
        headers: await service.as("bob"),
        payload: toolRequest,
      });
      expect(submit.statusCode).toBe(200);
      expect(service.platform.smtp.mails).toHaveLength(1);
      const update = await quiet.inject({
        method: "POST",
        url: `/admin/tool-requests/${submit.json().id}/status`,
        headers: await service.as("carol"),
        payload: { status: "Installation" },
      });
      expect(update.statusCode).toBe(200);
      expect(update.json().history).toHaveLength(2);
      expect(notifications()).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});
