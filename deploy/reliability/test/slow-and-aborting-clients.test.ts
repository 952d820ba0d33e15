import { readdirSync } from "node:fs";
import { request } from "undici";
import { expect, it } from "vitest";
import { openFiles } from "../src/descriptors.js";
import { printFigures } from "../src/figures.js";
import { Tally } from "../src/outcomes.js";
import { activeSockets, MiB, readProcess } from "../src/probe-client.js";
import { useServiceProcess } from "../src/service-under-test.js";
import { now, sleep } from "../src/timing.js";
import { abortedUpload, SlowDownload, type UploadTarget, upload } from "../src/transfers.js";

/**
 * Scenario 4: clients of the data service that break off uploads at random points, and clients that read a
 * download far slower than the backend sends it. The file-info simulator runs in this process and keeps its
 * files on disk here, so its open file descriptors are this process's.
 */
const ABORTED_UPLOADS = 200;
const AT_ONCE = 10;
const SLOW_READERS = 3;
const DOWNLOAD_BYTES = 32 * 1024 * 1024;
const SLOW_READ_MS = 5_000;
const MEMORY_TARGET = 20 * 1024 * 1024;
/** A loaded machine takes its time to work through 200 broken uploads. */
const SETTLE_TIMEOUT_MS = 30_000;
const HOME = "/iplant/home/alice";

const under = useServiceProcess("data", { probe: true });

const uploadTarget = async (): Promise<UploadTarget> => ({
  origin: under.service.url,
  authorization: (await under.platform.authHeader("alice")).authorization,
  dest: HOME,
});
const disk = () => under.platform.fileInfo.state.dataStore.disk;
const random = (below: number) => Math.floor(Math.random() * below);
const staging = () => readdirSync(disk().staging);
/** Files of the data store this process (the backend's) holds open. */
const backendOpenFiles = () => openFiles().filter((path) => path.startsWith(disk().root));

/** Names under the user's home on the backend's disk that an aborted upload would have left. */
const leftovers = () =>
  (readdirSync(`${disk().tree}${HOME}`, { recursive: true }) as string[]).filter((name) => name.includes("aborted-"));

/**
 * Whether `condition` came to hold for a second within the time allowed (the service may still be working
 * through broken-off uploads after their clients are gone).
 */
async function settles(condition: () => Promise<boolean>): Promise<boolean> {
  let heldSince: number | undefined;
  const deadline = now() + SETTLE_TIMEOUT_MS;
  while (now() < deadline) {
    if (!(await condition())) heldSince = undefined;
    else heldSince ??= now();
    if (heldSince !== undefined && now() - heldSince >= 1_000) return true;
    await sleep(50);
  }
  return false;
}

it("leaves no partial file and no open file after 200 uploads broken off at random points", async () => {
  const { probeUrl } = under;
  const target = await uploadTarget();
  const warmUp = await upload(target, "warm-up.bin", 1024 * 1024);
  expect(warmUp.statusCode).toBe(200);
  await warmUp.body.dump();
  await sleep(500);
  const before = await readProcess(probeUrl);

  let busiestStaging = 0;
  const watching = setInterval(() => {
    busiestStaging = Math.max(busiestStaging, staging().length);
  }, 20);
  const queue = Array.from({ length: ABORTED_UPLOADS }, (_, index) => index);
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
        const size = 64 * 1024 + random(2 * 1024 * 1024);
        await abortedUpload(target, `aborted-${index}.bin`, size, random(size), random(30));
      }
    }),
  );
  const clientsGone = now();
  const done = await settles(
    async () => staging().length === 0 && activeSockets(await readProcess(probeUrl)) <= activeSockets(before),
  );
  const settledAfter = now() - clientsGone;
  const stillStaged = staging().length;
  clearInterval(watching);
  const after = await readProcess(probeUrl);
  // A service stuck on broken-off uploads may never answer this one: its failure is a figure, not a hang.
  const afterwardsStatus = await upload(target, "after-the-aborts.bin", 256 * 1024).then(
    async (answer) => {
      await answer.body.dump();
      return answer.statusCode;
    },
    (error: Error) => error.name,
  );
  const leftBehind = leftovers();
  const backendFiles = backendOpenFiles();
  const tally = new Tally();
  for (let index = 0; index < ABORTED_UPLOADS; index++) tally.addAbandoned();
  if (typeof afterwardsStatus === "number") tally.addAnswer("upload after the aborts", afterwardsStatus);
  printFigures("aborted uploads", {
    tally,
    more: {
      "upload-after": afterwardsStatus,
      "most-in-staging-at-once": busiestStaging,
      "settled-after": done ? `${settledAfter.toFixed(0)}ms` : "never",
      "still-in-staging": stillStaged,
      "partial-files-left": leftBehind.length,
      "service-open-files-before/after": `${before.openFiles.length}/${after.openFiles.length}`,
      "backend-open-files": backendFiles.length,
      "service-fds-before/after": `${before.fileDescriptors}/${after.fileDescriptors}`,
    },
  });

  expect(busiestStaging, "broken-off uploads were being written by the backend").toBeGreaterThan(0);
  expect(done, "the service and the backend finished with every broken-off upload").toBe(true);
  expect(leftBehind, "no partial file is left").toEqual([]);
  expect(after.openFiles, "the service holds no file open it did not hold before").toEqual(before.openFiles);
  expect(backendFiles, "the backend holds no file of the data store open").toEqual([]);
  expect(afterwardsStatus, "the service still takes uploads").toBe(200);
});

it("does not buffer a download its clients read slowly: RSS stays flat", async () => {
  const { probeUrl } = under;
  const target = await uploadTarget();
  const stored = await upload(target, "large.bin", DOWNLOAD_BYTES);
  expect(stored.statusCode).toBe(200);
  await stored.body.dump();
  const path = `/secured/fileio/download?path=${encodeURIComponent(`${HOME}/large.bin`)}`;
  const before = (await readProcess(probeUrl, { afterGc: true })).rss;

  // 64 KiB every 50 ms: 1.25 MiB/s each, a fraction of the file in the time given.
  const readers = Array.from(
    { length: SLOW_READERS },
    () => new SlowDownload(under.service.url, path, target.authorization, 64 * 1024, 50),
  );
  // What the service holds while its readers lag, after a forced GC each time: the chunks it has passed on are
  // garbage until a collection, and its larger old generation (routes.yml) may put that off for many MiB.
  let highest = before;
  const readingEnds = now() + SLOW_READ_MS;
  while (now() < readingEnds) {
    highest = Math.max(highest, (await readProcess(probeUrl, { afterGc: true })).rss);
    await sleep(200);
  }
  for (const reader of readers) reader.stop();
  const whole = await request(`${under.service.url}${path}`, { headers: { authorization: target.authorization } });
  let wholeBytes = 0;
  for await (const chunk of whole.body) wholeBytes += (chunk as Buffer).length;
  const tally = new Tally();
  for (const reader of readers) tally.addAnswer("slow download", reader.status);
  tally.addAnswer("whole download", whole.statusCode);
  printFigures("slow downloads", {
    tally,
    memoryGrowth: highest - before,
    more: {
      readers: SLOW_READERS,
      "file-MiB": MiB(DOWNLOAD_BYTES),
      "read-by-each-MiB": readers.map((reader) => MiB(reader.received).toFixed(1)).join("/"),
    },
  });

  expect(
    readers.map((reader) => reader.status),
    "the slow readers got the file",
  ).toEqual(readers.map(() => 200));
  expect(Math.min(...readers.map((reader) => reader.received)), "each slow reader got some of it").toBeGreaterThan(0);
  expect(wholeBytes, "a reader at full speed gets all of it").toBe(DOWNLOAD_BYTES);
  expect(highest - before, "the service's RSS stayed within 20 MiB of its value before").toBeLessThanOrEqual(
    MEMORY_TARGET,
  );
});
