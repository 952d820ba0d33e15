import { connect } from "node:net";
import { request } from "undici";
import { expect, it } from "vitest";
import { printFigures } from "../src/figures.js";
import { Tally } from "../src/outcomes.js";
import { useServiceProcess } from "../src/service-under-test.js";
import { now, quantile, sleep } from "../src/timing.js";

/**
 * Scenario: many connections trickle request bodies and headers (a byte or a header line now and then, the way a
 * slowloris client holds a server) while ordinary requests keep coming. The service runs with short limits so
 * that the scenario takes seconds: a body must bring REQUEST_BODY_MIN_BYTES in every REQUEST_BODY_TIMEOUT_MS, the
 * headers must all arrive within REQUEST_HEADERS_TIMEOUT_MS.
 */
const BODY_WINDOW_MS = 1_000;
const HEADERS_TIMEOUT_MS = 1_500;
const SLOW_BODIES = 60;
const SLOW_HEADERS = 60;
const NORMAL_EVERY_MS = 50;
const SCENARIO_MS = 4_000;
/** Node checks header timeouts on an interval, and a loaded machine adds its own delay. */
const SLACK_MS = 1_500;

const under = useServiceProcess("notifications", {
  env: {
    REQUEST_BODY_TIMEOUT_MS: String(BODY_WINDOW_MS),
    REQUEST_BODY_MIN_BYTES: "64",
    REQUEST_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
  },
});

interface SlowClient {
  /** Milliseconds from opening until the service closed the connection; undefined while still open. */
  closedAfter: number | undefined;
  answer: string;
  stop(): void;
}

/** A connection that sends `head` at once, then `drip` every `everyMs` until the service closes it. */
function slowClient(port: number, head: string, drip: string, everyMs: number): SlowClient {
  const opened = now();
  const client: SlowClient = { closedAfter: undefined, answer: "", stop: () => socket.destroy() };
  const socket = connect(port, "127.0.0.1", () => socket.write(head));
  const dripping = setInterval(() => socket.writable && socket.write(drip), everyMs);
  socket.on("data", (chunk) => {
    client.answer += chunk;
  });
  socket.on("error", () => {});
  socket.on("close", () => {
    clearInterval(dripping);
    client.closedAfter = now() - opened;
  });
  return client;
}

it("keeps answering while many clients trickle bodies and headers, and cuts those within the configured time", async () => {
  const { port } = new URL(under.service.url);
  const authorization = (await under.platform.authHeader("alice")).authorization;
  const bodyHead =
    `POST /secured/notifications/seen HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization}\r\n` +
    "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n[";
  const slow = [
    ...Array.from({ length: SLOW_BODIES }, () => slowClient(Number(port), bodyHead, " ", 300)),
    ...Array.from({ length: SLOW_HEADERS }, (_, index) =>
      slowClient(
        Number(port),
        "GET /secured/notifications/messages HTTP/1.1\r\nHost: x\r\n",
        `X-Slow-${index}: y\r\n`,
        300,
      ),
    ),
  ];

  const tally = new Tally();
  const latencies: number[] = [];
  const ends = now() + SCENARIO_MS;
  while (now() < ends) {
    const sent = now();
    const answer = await request(`${under.service.url}/secured/notifications/messages`, { headers: { authorization } });
    await answer.body.dump();
    latencies.push(now() - sent);
    tally.addAnswer("GET /secured/notifications/messages", answer.statusCode);
    await sleep(NORMAL_EVERY_MS);
  }
  for (const client of slow) client.stop();

  const bodies = slow.slice(0, SLOW_BODIES);
  const headers = slow.slice(SLOW_BODIES);
  const longest = (clients: SlowClient[]) => Math.max(...clients.map((client) => client.closedAfter ?? Infinity));
  printFigures("slow clients", {
    tally,
    more: {
      "slow-bodies": SLOW_BODIES,
      "slow-headers": SLOW_HEADERS,
      "bodies-cut-by": `${longest(bodies).toFixed(0)}ms`,
      "headers-cut-by": `${longest(headers).toFixed(0)}ms`,
      "normal-p50": `${quantile(latencies, 0.5).toFixed(0)}ms`,
      "normal-p99": `${quantile(latencies, 0.99).toFixed(0)}ms`,
    },
  });

  expect(tally.sent, "ordinary requests were sent all along").toBeGreaterThan(10);
  expect(tally.ok, "every ordinary request was answered").toBe(tally.sent);
  expect(quantile(latencies, 0.99), "and promptly").toBeLessThan(1_000);
  expect(longest(bodies), "every trickled body was cut within two windows").toBeLessThan(2 * BODY_WINDOW_MS + SLACK_MS);
  expect(longest(headers), "every trickled header block was cut within its timeout").toBeLessThan(
    HEADERS_TIMEOUT_MS + SLACK_MS,
  );
  for (const client of slow) expect(client.answer).toMatch(/^HTTP\/1.1 408 |^$/);
  expect(
    slow.filter((client) => client.answer.startsWith("HTTP/1.1 408 ")).length,
    "most cut with a 408",
  ).toBeGreaterThan((SLOW_BODIES + SLOW_HEADERS) / 2);
});
