import { readdirSync } from "node:fs";
import { join } from "node:path";
import { Agent, type Dispatcher, FormData, request } from "undici";
import { expect, it } from "vitest";
import { printFigures } from "../src/figures.js";
import { errorCodeOf, errorCodes, Tally, withinContract } from "../src/outcomes.js";
import { useServiceProcess } from "../src/service-under-test.js";
import { now } from "../src/timing.js";

/**
 * Scenario 8: clients of the data service changing the same few names in one folder at once (create, upload,
 * save, rename, move, delete, restore, empty) while others list, stat, search and download them. Whatever order
 * the changes land in, each request must get an answer in time, a 2xx or a 4xx in the error model, never a 5xx;
 * afterwards the file-info backend's catalogue and its disk must hold the same entries (nothing half-written).
 */
const WORKERS = 8;
const RUN_MS = 10_000;
const ANSWER_WITHIN_MS = 10_000;
const FOLDER = "/iplant/home/alice/contended";
const NAMES = ["a", "b", "c", "d", "e", "f"];

const under = useServiceProcess("data");

const pick = <T>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)] as T;
const somePath = () => `${FOLDER}/${pick(NAMES)}`;
const q = encodeURIComponent;

/** One random request: method, path and query, and a JSON body or a multipart form. */
function randomRequest(): { method: Dispatcher.HttpMethod; path: string; json?: unknown; form?: FormData } {
  const file = () => {
    const form = new FormData();
    form.append("file", new Blob(["x".repeat(Math.floor(Math.random() * 200_000))]), pick(NAMES));
    return form;
  };
  const choices = [
    () => ({ method: "POST", path: "/secured/filesystem/directory/create", json: { path: somePath() } }),
    () => ({ method: "POST", path: `/secured/fileio/upload?dest=${q(pick([FOLDER, somePath()]))}`, form: file() }),
    () => ({ method: "POST", path: "/secured/fileio/saveas", json: { dest: somePath(), content: "saved" } }),
    () => ({ method: "POST", path: "/secured/filesystem/rename", json: { source: somePath(), dest: somePath() } }),
    () => ({ method: "POST", path: "/secured/filesystem/move", json: { sources: [somePath()], dest: somePath() } }),
    () => ({
      method: "POST",
      path: "/secured/filesystem/move-contents",
      json: { source: somePath(), dest: somePath() },
    }),
    () => ({ method: "POST", path: "/secured/filesystem/delete", json: { paths: [somePath(), somePath()] } }),
    () => ({ method: "POST", path: "/secured/filesystem/delete-contents", json: { path: somePath() } }),
    () => ({ method: "POST", path: "/secured/filesystem/restore-all", json: {} }),
    () => ({
      method: "GET",
      path: `/secured/filesystem/paged-directory?path=${q(FOLDER)}&limit=50&offset=0&sort-col=NAME&sort-dir=ASC`,
    }),
    () => ({ method: "GET", path: `/secured/filesystem/directory?path=${q(somePath())}` }),
    () => ({ method: "POST", path: "/secured/filesystem/stat", json: { paths: [somePath()] } }),
    () => ({ method: "GET", path: `/secured/fileio/download?path=${q(somePath())}` }),
    () => ({ method: "GET", path: "/secured/filesystem/index?search=a&limit=20" }),
  ] as const;
  return pick(choices)() as ReturnType<typeof randomRequest>;
}

/** Every path below `root` on disk, as logical paths under `logicalRoot`. */
function onDisk(root: string, logicalRoot: string): string[] {
  return readdirSync(root, { withFileTypes: true }).flatMap((entry) => {
    const logical = `${logicalRoot}/${entry.name}`;
    return entry.isDirectory() ? [logical, ...onDisk(join(root, entry.name), logical)] : [logical];
  });
}

it("answers changes racing on the same names with 2xx or 4xx, and leaves catalogue and disk agreeing", async () => {
  const { authorization } = await under.platform.authHeader("alice");
  const origin = under.service.url;
  const dispatcher = new Agent({ connections: WORKERS });
  const send = (path: string, init: Omit<Dispatcher.RequestOptions, "path" | "origin">) =>
    request(`${origin}${path}`, {
      dispatcher,
      ...init,
      headers: { authorization, ...init.headers },
      headersTimeout: ANSWER_WITHIN_MS,
      bodyTimeout: ANSWER_WITHIN_MS,
    });
  const created = await send("/secured/filesystem/directory/create", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ path: FOLDER }),
  });
  expect(created.statusCode).toBe(200);
  await created.body.dump();

  const tally = new Tally();
  const flawed: string[] = [];
  const end = now() + RUN_MS;
  async function worker() {
    while (now() < end) {
      const next = randomRequest();
      const sentAt = now();
      const what = `${next.method} ${next.path} ${JSON.stringify(next.json ?? "")}`;
      try {
        const body = next.form ?? (next.json === undefined ? undefined : JSON.stringify(next.json));
        const headers: Record<string, string> = next.json === undefined ? {} : { "content-type": "application/json" };
        const answer = await send(next.path, { method: next.method, headers, body });
        const text = await answer.body.text();
        const errorCode = answer.statusCode >= 300 ? errorCodeOf(text) : undefined;
        const outcome = { route: what, id: "", sentAt, endedAt: now(), status: answer.statusCode, errorCode };
        tally.add(outcome);
        if (!withinContract(outcome)) flawed.push(`${what} => ${answer.statusCode}: ${text.slice(0, 200)}`);
      } catch (error) {
        tally.add({ route: what, id: "", sentAt, endedAt: now(), failure: errorCodes(error)[0] ?? "other" });
        flawed.push(`${what} => no answer: ${(error as Error).message}`);
      }
    }
  }
  await Promise.all(Array.from({ length: WORKERS }, worker));
  await dispatcher.close();

  const store = under.platform.fileInfo.state.dataStore;
  const catalogued = store.catalogue
    .all()
    .map((entry) => entry.path)
    .filter((path) => path.startsWith(`${FOLDER}/`))
    .sort();
  const written = onDisk(store.disk.pathOf(FOLDER), FOLDER).sort();
  printFigures("concurrent changes", { tally, more: { flawed: flawed.length, entries: catalogued.length } });
  expect(flawed.slice(0, 20)).toEqual([]);
  expect(tally.ok).toBeGreaterThan(100);
  expect(written).toEqual(catalogued);
});
