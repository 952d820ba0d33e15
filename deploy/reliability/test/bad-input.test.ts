import { performance } from "node:perf_hooks";
import { SimulatedPlatform } from "@de-gateway/backend-simulators";
import { readCatalogue } from "@de-gateway/catalogue";
import { Agent, type Dispatcher, request } from "undici";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type BadInput, badInputsFor } from "../src/bad-inputs.js";
import { printFigures } from "../src/figures.js";
import { errorCodeOf, errorCodes, type Outcome, Tally, withinContract } from "../src/outcomes.js";
import { type GatewayProcess, startEdge, startService, stopProcesses } from "../src/processes.js";

/**
 * Scenario 7: every catalogue row, through the edge and its service, given malformed and hostile input (bad
 * parameters, queries and bodies) over kept-alive connections. Each must be answered in time, with a 4xx in the
 * error model (or a 2xx where the input happens to be acceptable): never a 5xx, never a hang, and a refused body
 * must not stall the next request on its connection.
 */
const ANSWER_WITHIN_MS = 10_000;
const CONCURRENCY = 8;

const rows = readCatalogue();
let platform: SimulatedPlatform | undefined;
const processes: GatewayProcess[] = [];
let edge: GatewayProcess | undefined;

beforeAll(async () => {
  platform = await SimulatedPlatform.start();
  const upstreams: Record<string, string> = {};
  for (const name of new Set(rows.map((row) => row.service))) {
    const service = await startService(name, platform);
    processes.push(service);
    upstreams[name] = service.url;
  }
  edge = await startEdge(upstreams);
  processes.push(edge);
});

afterAll(async () => {
  await stopProcesses(processes);
  await platform?.stop();
});

const describeInput = (input: BadInput) =>
  `${input.method} ${input.target.slice(0, 120)}` +
  (input.body === undefined ? "" : ` [${input.contentType}] ${input.body.slice(0, 40)}`);

/** Sends one bad input; what became of it. */
async function send(
  dispatcher: Agent,
  origin: string,
  input: BadInput,
  headers: Record<string, string>,
): Promise<Outcome & { text: string }> {
  const sentAt = performance.now();
  const outcome = { route: describeInput(input), id: "", sentAt };
  try {
    const answer = await request(`${origin}${input.target}`, {
      dispatcher,
      method: input.method as Dispatcher.HttpMethod,
      headers: { ...headers, ...(input.contentType ? { "content-type": input.contentType } : {}) },
      body: input.body,
      headersTimeout: ANSWER_WITHIN_MS,
      bodyTimeout: ANSWER_WITHIN_MS,
    });
    const text = await answer.body.text();
    return { ...outcome, endedAt: performance.now(), status: answer.statusCode, errorCode: errorCodeOf(text), text };
  } catch (error) {
    return { ...outcome, endedAt: performance.now(), failure: errorCodes(error)[0] ?? "other", text: String(error) };
  }
}

/**
 * The web client's unprefixed spellings of the data service's file rows, sent by a visitor without a token: the
 * reads open to visitors answer them as the `anonymous` account, every other one 401.
 */
const visitorRows = rows
  .filter(
    (row) => row.service === "data" && /^\/secured\/(filesystem|fileio)\//.test(row.path) && !row.path.includes("{"),
  )
  .map((row) => ({ ...row, path: row.path.slice("/secured".length) }));

it("answers every bad input to every catalogue row with a 4xx in the error model, in time", async () => {
  if (!platform || !edge) throw new Error("the stack did not start");
  const user = await platform.authHeader("alice");
  const admin = await platform.authHeader("carol");
  const inputs = [
    ...rows.flatMap((row) =>
      badInputsFor(row).map((input) => ({ input, headers: row.auth === "admin" ? admin : user })),
    ),
    ...visitorRows.flatMap((row) => badInputsFor(row).map((input) => ({ input, headers: {} }))),
  ];
  const dispatcher = new Agent({ connections: CONCURRENCY, keepAliveTimeout: 30_000 });
  const tally = new Tally();
  const flawed: string[] = [];
  let next = 0;
  const origin = edge.url;
  async function worker() {
    for (let item = inputs[next++]; item; item = inputs[next++]) {
      const { text, ...outcome } = await send(dispatcher, origin, item.input, item.headers);
      tally.add(outcome);
      if (!withinContract(outcome, { bodiless: item.input.method === "HEAD" })) {
        flawed.push(`${outcome.route} => ${outcome.failure ?? outcome.status}: ${text.slice(0, 200)}`);
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await dispatcher.close();

  printFigures("bad input", {
    tally,
    more: { rows: rows.length, visitorRows: visitorRows.length, flawed: flawed.length },
  });
  expect(flawed.slice(0, 20)).toEqual([]);
  expect(tally.sent).toBe(inputs.length);
});
