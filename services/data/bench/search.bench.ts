/**
 * A search over 100,000 indexed entries against a plain paged listing of one folder of 1,000 entries, both through
 * the data service: prints the ratio of their latencies (target <= 1.5) as one `figure 7 …` line
 * (docs/performance.md), exit code 1 on a miss. Figure 8 is the same listing against the file-info simulator
 * answering, by itself, the call the service makes for it (what the service adds: the favorites lookup, the
 * reshaping and its own hop), printed without a target.
 *
 * alice's home gets 100 folders of 1,000 files each (catalogue entries of the file-info simulator, which listings
 * and the search simulator read; the bytes are never read). The search is the web client's simple search (a label
 * matching one file name in every folder, the home as path prefix, sorted by label, a page of 100); the listing is
 * its paged listing of one of the folders (a page of 100, sorted by name). The simulators run in this process, the
 * service as a process of its own, as in `pnpm start`. After a warm-up, each round sends the three requests one after
 * the other, taking turns at going first, ten times; a round's ratio is one median latency over the other, and a
 * figure is the median of the rounds' ratios.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { SimulatedPlatform } from "@de-gateway/backend-simulators";
import { freePort } from "@de-gateway/backend-simulators/ports";
import { loadRoutesFile } from "@de-gateway/routing";
import { median, waitUntilUp } from "./bench-support.js";

const FOLDERS = 100;
const FILES_PER_FOLDER = 1_000;
const PAGE = 100;
const ROUNDS = 7;
const REQUESTS_PER_ROUND = 10;
const TARGET_RATIO = 1.5;
const HOME = "/iplant/home/alice";
const BASE = `${HOME}/bench`;
const folderName = (index: number) => `run-${String(index).padStart(3, "0")}`;
const fileName = (index: number) => `sample-${String(index).padStart(4, "0")}.fastq`;

/** The catalogue entries of the folders and files, added as the data store keeps them. */
function populate(platform: SimulatedPlatform) {
  const store = platform.fileInfo.state.dataStore;
  const home = store.catalogue.at(HOME);
  if (!home) throw new Error("alice has no home");
  const add = (path: string, type: "file" | "dir", at: number) =>
    store.catalogue.add({
      id: randomUUID(),
      path,
      type,
      owner: "alice",
      acl: new Map([["alice", "own"]]),
      inherit: false,
      dateCreated: at,
      dateModified: at,
      size: type === "file" ? 1_000 + (at % 5_000) : 0,
      md5: "",
      infoType: type === "file" ? "fastq" : null,
      avus: [],
    });
  const start = Date.UTC(2025, 0, 1);
  add(BASE, "dir", start);
  for (let folder = 0; folder < FOLDERS; folder++) {
    add(`${BASE}/${folderName(folder)}`, "dir", start + folder);
    for (let file = 0; file < FILES_PER_FOLDER; file++) {
      add(`${BASE}/${folderName(folder)}/${fileName(file)}`, "file", start + folder * FILES_PER_FOLDER + file);
    }
  }
}

async function timed(request: () => Promise<Response>, check: (body: Record<string, unknown>) => void) {
  const start = performance.now();
  const response = await request();
  const body = (await response.json()) as Record<string, unknown>;
  const ms = performance.now() - start;
  if (!response.ok) throw new Error(`answered ${response.status}: ${JSON.stringify(body).slice(0, 200)}`);
  check(body);
  return ms;
}

/**
 * The file-info simulator answering, by itself, the call the data service makes for one listing: taken from the
 * simulator's record of the requests it was sent, so that both sides do the same listing.
 */
async function asFileInfoAnswersIt(listing: () => Promise<number>): Promise<() => Promise<number>> {
  const records = `${platform.fileInfo.url}/__sim/requests`;
  await fetch(records, { method: "DELETE" });
  await listing();
  const sent = (await (await fetch(records)).json()) as {
    method: string;
    path: string;
    query: Record<string, string | string[]>;
  }[];
  const call = sent.find((request) => request.method === "GET" && "limit" in request.query);
  if (!call) throw new Error(`the listing made no paged call to file-info: ${JSON.stringify(sent).slice(0, 300)}`);
  const query = new URLSearchParams();
  for (const [name, values] of Object.entries(call.query))
    for (const value of [values].flat()) query.append(name, value);
  const url = `${platform.fileInfo.url}${call.path}?${query}`;
  return () =>
    timed(
      () => fetch(url),
      (body) => {
        if (body.total !== FILES_PER_FOLDER) throw new Error(`file-info counted ${body.total}`);
      },
    );
}

const platform = await SimulatedPlatform.start();
populate(platform);
const indexed = platform.fileInfo.state.dataStore.catalogue.all().filter((entry) => entry.path.startsWith(`${HOME}/`));
const port = await freePort();
const { nodeArgs } = loadRoutesFile(fileURLToPath(new URL("../routes.yml", import.meta.url)));
const service: ChildProcess = spawn(
  process.execPath,
  [...nodeArgs, "--conditions=source", "--import", "tsx", "src/server.ts"],
  {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
    env: { ...process.env, ...(await platform.env()), PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  },
);
try {
  const gateway = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${gateway}/readyz`);
  const auth = await platform.authHeader("alice");
  const folder = `${BASE}/${folderName(42)}`;
  const listing = () =>
    timed(
      () =>
        fetch(
          `${gateway}/filesystem/paged-directory?path=${encodeURIComponent(folder)}&limit=${PAGE}&offset=0&sort-col=NAME&sort-dir=ASC`,
          { headers: auth },
        ),
      (body) => {
        if (body.total !== FILES_PER_FOLDER) throw new Error(`the listing counted ${body.total}`);
      },
    );
  // sonora's getDataSimpleSearchQuery for a signed-in user's global search.
  const search = () =>
    timed(
      () =>
        fetch(`${gateway}/filesystem/search`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({
            query: {
              all: [
                { type: "label", args: { exact: false, label: fileName(421) } },
                { type: "path", args: { prefix: HOME } },
              ],
            },
            size: PAGE,
            from: 0,
            sort: [{ field: "label", order: "ascending" }],
          }),
        }),
      (body) => {
        const total = (body.total as { value: number }).value;
        if (total !== FOLDERS) throw new Error(`the search found ${total}`);
      },
    );

  for (let warmUp = 0; warmUp < 20; warmUp++) await Promise.all([await listing(), await search()]);
  const fileInfoListing = await asFileInfoAnswersIt(listing);
  const runs = { listing, search, fileInfoListing };
  const ratios: number[] = [];
  const ownAnswerRatios: number[] = [];
  const times = { listing: [] as number[], search: [] as number[], fileInfoListing: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const round_ = { listing: [] as number[], search: [] as number[], fileInfoListing: [] as number[] };
    for (let turn = 0; turn < REQUESTS_PER_ROUND; turn++) {
      // Taking turns at going first: a request right after another runs on a warmer (or busier) machine.
      const names = Object.keys(runs) as (keyof typeof runs)[];
      const first = (round + turn) % names.length;
      for (const name of [...names.slice(first), ...names.slice(0, first)]) round_[name].push(await runs[name]());
    }
    for (const name of Object.keys(times) as (keyof typeof times)[]) times[name].push(median(round_[name]));
    ratios.push(median(round_.search) / median(round_.listing));
    ownAnswerRatios.push(median(round_.listing) / median(round_.fileInfoListing));
  }
  const searchTimes = times.search;
  const listingTimes = times.listing;
  console.log(
    `figure 8 paged listing of ${FILES_PER_FOLDER.toLocaleString("en")} entries (a page of ${PAGE}, by name) through the ` +
      `data service: ${median(ownAnswerRatios).toFixed(2)} x [${Math.min(...ownAnswerRatios).toFixed(2)}–` +
      `${Math.max(...ownAnswerRatios).toFixed(2)}] the file-info simulator's own answer to the call the service makes, ` +
      `median of ${ROUNDS} rounds (through data ${median(listingTimes).toFixed(1)} ms, file-info ` +
      `${median(times.fileInfoListing).toFixed(1)} ms; the service adds the favorites lookup and the reshaping); no target set`,
  );
  const ratio = median(ratios);
  const met = ratio <= TARGET_RATIO;
  console.log(
    `figure 7 search over ${indexed.length.toLocaleString("en")} indexed entries: ${ratio.toFixed(2)} x ` +
      `[${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}] the paged listing of ${FILES_PER_FOLDER.toLocaleString("en")} ` +
      `entries, median of ${ROUNDS} rounds (search ${median(searchTimes).toFixed(1)} ms, listing ` +
      `${median(listingTimes).toFixed(1)} ms); target ${TARGET_RATIO}: ${met ? "met" : "MISSED"}`,
  );
  if (!met) process.exitCode = 1;
} finally {
  service.kill();
  await platform.stop();
}
