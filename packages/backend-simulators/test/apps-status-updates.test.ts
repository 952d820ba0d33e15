import { beforeEach, describe, expect, it } from "vitest";
import { COMPLETED_ANALYSIS, FAILED_ANALYSIS, RUNNING_VICE_ANALYSIS } from "../src/demo-world.js";
import { SEED_APP_IDS } from "../src/seed-ids.js";
import { appsClient } from "./apps-http.js";
import { jsonClient } from "./json-client.js";
import { platformPerFile } from "./platform-per-file.js";

/**
 * The apps backend tells an analysis' owner of its status through the notification agent, as cyverse-de/apps does
 * (`clients/notifications.clj`): on submission, when an interactive analysis starts running, and when it is stopped.
 * Read back from the notifications service as the gateway lists them.
 */
const platform = platformPerFile();
const apps = () => appsClient(platform().apps);
const notifications = jsonClient(() => platform().notifications.url);
const WORD_COUNT = SEED_APP_IDS.wordCount;
const JUPYTER_LAB = SEED_APP_IDS.jupyterLab;

beforeEach(() => platform().reset());

const submit = async (appId: string, name: string, config: Record<string, unknown> = {}) =>
  (
    await apps().ok("POST", "/analyses", {
      system_id: "de",
      app_id: appId,
      name,
      notify: true,
      output_dir: "/iplant/home/alice/analyses",
      config,
    })
  ).id as string;

/** alice's analysis notifications as the notifications service lists them. */
async function aliceUpdates() {
  const { status, body } = await notifications("GET", "/messages?user=alice&filter=analysis");
  expect(status).toBe(200);
  return body.messages as Array<{
    type: string;
    subject: string;
    email: boolean;
    message: { text: string };
    payload: Record<string, unknown>;
  }>;
}

/** What the notification agent was told, in the order it was told (listings sort by time, to the millisecond). */
const told = () =>
  platform().notifications.state.intake.messages.map(({ message, email, payload }) => ({
    text: message.text,
    email,
    payload: payload ?? {},
  }));

describe("analysis status updates", () => {
  it("tell the owner of a submission, with the listing entry and the template's fields as the payload", async () => {
    const id = await submit(WORD_COUNT, "count-again", {
      [`${WORD_COUNT}_0b9b4f2e-1d3c-4a5b-8c7d-000000000011`]: "/iplant/home/alice/chapter-1.txt",
    });
    const [update, ...more] = await aliceUpdates();
    expect(more).toEqual([]);
    expect(update).toMatchObject({
      type: "analysis",
      subject: "count-again status changed.",
      email: false,
      message: { text: "count-again submitted" },
      payload: {
        id,
        name: "count-again",
        app_id: WORD_COUNT,
        status: "Submitted",
        analysisname: "count-again",
        analysisstatus: "Submitted",
        action: "job_status_change",
        user: "alice",
        email_address: "alice@example.org",
        enddate: "0",
      },
    });
    // The listing's `startdate` (epoch milliseconds as text), and as a date for the mail's template.
    expect(update?.payload.startdate).toMatch(/^\d+$/);
    expect(update?.payload.analysisstartdate).toBe(new Date(Number(update?.payload.startdate)).toISOString());
    expect(update?.payload).not.toHaveProperty("access_url");
  });

  it("tell the owner when an interactive analysis runs, with its address, and when it is stopped", async () => {
    const id = await submit(JUPYTER_LAB, "notebook");
    await apps().ok("POST", `/analyses/${id}/stop`);
    const updates = told();
    expect(updates.map((update) => update.text)).toEqual([
      "notebook submitted",
      "notebook running",
      "notebook canceled",
    ]);
    const [submitted, running, canceled] = updates;
    expect(submitted?.payload).not.toHaveProperty("access_url");
    expect(running?.payload.access_url).toMatch(/^https:\/\/a[0-9a-f]{8}\./);
    expect(running?.payload.interactive_urls).toEqual([running?.payload.access_url]);
    // An analysis that ended has no address to go to, and a cancellation is not mailed.
    expect(canceled?.payload).not.toHaveProperty("access_url");
    expect(canceled?.email).toBe(false);
  });

  it("mail a finished analysis to an owner who asked, and tell of a relaunch as of a submission", async () => {
    const id = await submit(JUPYTER_LAB, "notebook");
    await apps().ok("POST", `/analyses/${id}/stop?job_status=Completed`);
    await apps().ok("POST", "/analyses/relauncher", { analyses: [id] });
    const updates = told();
    expect(updates.map((update) => [update.text, update.email])).toEqual([
      ["notebook submitted", false],
      ["notebook running", false],
      ["notebook completed", true],
      ["notebook submitted", false],
      ["notebook running", false],
    ]);
    expect(updates[3]?.payload.id).not.toBe(id);
  });

  it("leave the analysis changed when its owner cannot be told", async () => {
    const id = await submit(JUPYTER_LAB, "notebook");
    // A caller the gateway sent no email address for: the mailed update is refused, the stop still holds.
    const stopped = await fetch(`${platform().apps.url}/analyses/${id}/stop?job_status=Completed&user=alice`, {
      method: "POST",
    });
    expect(stopped.status).toBe(200);
    expect(platform().apps.state.analyses.analyses.get(id)?.status).toBe("Completed");
    expect(told().map((update) => update.text)).toEqual(["notebook submitted", "notebook running"]);
  });

  it("of the demo world's analyses are recalled at start, each dated when it happened, the finished ones mailed", async () => {
    expect(told()).toEqual([]);
    platform().recallDemoHistory();
    const stored = platform().notifications.state.intake.messages;
    const of = (id: string) =>
      stored
        .filter((message) => message.payload?.id === id)
        .map(({ message, email, timeCreated }) => [message.text, email, timeCreated]);
    const completed = platform().apps.state.analyses.analyses.get(COMPLETED_ANALYSIS.id);
    expect(of(COMPLETED_ANALYSIS.id)).toEqual([
      [`${COMPLETED_ANALYSIS.name} submitted`, false, completed?.startdate],
      [`${COMPLETED_ANALYSIS.name} running`, false, (completed?.startdate ?? 0) + 1000],
      [`${COMPLETED_ANALYSIS.name} completed`, true, completed?.enddate],
    ]);
    expect(of(FAILED_ANALYSIS.id).map(([text]) => text)).toEqual([
      `${FAILED_ANALYSIS.name} submitted`,
      `${FAILED_ANALYSIS.name} running`,
      `${FAILED_ANALYSIS.name} failed`,
    ]);
    const session = stored.filter((message) => message.payload?.id === RUNNING_VICE_ANALYSIS.id);
    expect(session.map(({ message }) => message.text)).toEqual([
      `${RUNNING_VICE_ANALYSIS.name} submitted`,
      `${RUNNING_VICE_ANALYSIS.name} running`,
    ]);
    expect(session[1]?.payload?.access_url).toMatch(/^https:\/\/a[0-9a-f]{8}\./);
  });
});
