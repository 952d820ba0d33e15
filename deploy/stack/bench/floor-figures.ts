import { formatSpread, printFigure, type Spread, spreadOf } from "./figures.js";
import type { Floor } from "./plain-proxy.js";
import { type Contender, inTurns, type LoadSettings, type Target } from "./side-by-side.js";

/** Issue 51's targets: apps-proxy against the least a Node proxy does, the custom handler against its work by hand. */
export const RAW_FLOOR_TARGET = 1.3;
export const PLAIN_PROXY_TARGET = 1.5;
export const CUSTOM_HANDLER_TARGET = 1.5;

export interface FloorRun {
  /** Checks that two targets give the same answer, so that the floors do the same work as the service. */
  sameAnswer: (floor: Target, service: Target) => Promise<void>;
  settings: LoadSettings;
  between: () => Promise<void>;
}

/** A contender's CPU per request over another's, round by round. */
const multipleOf = (cpu: Record<string, number[]>, name: string, floor: string): Spread =>
  spreadOf((cpu[name] ?? []).map((micros, round) => micros / (cpu[floor]?.[round] ?? Number.NaN)));

const micros = (cpu: Record<string, number[]>, name: string) => formatSpread(spreadOf(cpu[name] ?? []), 0, " µs");

/**
 * Figure 1: `GET /reference-genomes` through apps-proxy, through a plain Fastify + undici proxy and through the raw
 * floor (`raw-proxy.ts`: node:http in, one undici pool out), all three in the same rounds; each one's CPU per request
 * is its own process's; `aside` is printed with the figures.
 */
export async function gatewayCostFigure(
  appsProxy: { target: Target; pid: number },
  floors: { raw: Floor; plain: Floor; path: string },
  run: FloorRun,
  aside: string,
): Promise<void> {
  const via = (floor: Floor): Target => ({ url: `http://127.0.0.1:${floor.port}${floors.path}` });
  await run.sameAnswer(via(floors.raw), appsProxy.target);
  await run.sameAnswer(via(floors.plain), appsProxy.target);
  const contenders: Contender[] = [
    { name: "raw", target: via(floors.raw), pid: floors.raw.pid },
    { name: "plain", target: via(floors.plain), pid: floors.plain.pid },
    { name: "apps-proxy", ...appsProxy },
  ];
  const cpu = await inTurns(contenders, { settings: run.settings, between: run.between });
  const overRaw = multipleOf(cpu, "apps-proxy", "raw");
  const overPlain = multipleOf(cpu, "apps-proxy", "plain");
  // What the framework alone takes of the raw-floor target, in the same rounds: the share no guarantee of ours is in.
  const plainOverRaw = multipleOf(cpu, "plain", "raw");
  // Three decimals: the median sits at its target, and 1.303 printed as 1.30 would read as met.
  printFigure(
    "1 gateway cost (GET /reference-genomes, µs of CPU per request: apps-proxy vs the raw node:http + undici floor and a plain Fastify + undici proxy)",
    `apps-proxy ${formatSpread(overRaw, 3, " x")} the raw floor's and ${formatSpread(overPlain, 2, " x")} the plain proxy's, ` +
      `median of ${run.settings.rounds} rounds (apps-proxy ${micros(cpu, "apps-proxy")}, plain Fastify proxy ` +
      `${micros(cpu, "plain")}, itself ${formatSpread(plainOverRaw, 2, " x")} the raw floor's, raw floor ` +
      `${micros(cpu, "raw")}; ${aside})`,
    {
      target: `<= ${RAW_FLOOR_TARGET} x the raw floor's and <= ${PLAIN_PROXY_TARGET} x the plain proxy's CPU per request`,
      met: overRaw.median <= RAW_FLOOR_TARGET && overPlain.median <= PLAIN_PROXY_TARGET,
    },
  );
}

/**
 * Figure 3's floor line: identity-session's `POST /secured/sessions` against the same work done by hand
 * (`raw-sessions.ts`), in the same rounds, each one's CPU per request its own process's.
 */
export async function customHandlerFloorFigure(
  service: { target: Target; pid: number },
  floor: Floor,
  run: FloorRun,
): Promise<void> {
  const floorTarget: Target = { ...service.target, url: `http://127.0.0.1:${floor.port}/secured/sessions` };
  await run.sameAnswer(floorTarget, service.target);
  const cpu = await inTurns(
    [
      { name: "raw", target: floorTarget, pid: floor.pid },
      { name: "identity-session", ...service },
    ],
    { settings: run.settings, between: run.between },
  );
  const multiple = multipleOf(cpu, "identity-session", "raw");
  printFigure(
    "3 custom handler against its raw floor (POST /secured/sessions, µs of CPU per request: identity-session vs the same work by hand on node:http + undici)",
    `identity-session ${formatSpread(multiple, 2, " x")} the raw floor's, median of ${run.settings.rounds} rounds ` +
      `(identity-session ${micros(cpu, "identity-session")}, raw floor ${micros(cpu, "raw")})`,
    {
      target: `<= ${CUSTOM_HANDLER_TARGET} x the raw floor's CPU per request`,
      met: multiple.median <= CUSTOM_HANDLER_TARGET,
    },
  );
}
