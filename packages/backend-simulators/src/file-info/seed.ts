import { DEMO_USERS } from "../demo-users.js";
import { stableId } from "../framework/stable-id.js";
import { seedDemoWorld } from "./demo-seed.js";
import { BASE_TRASH_PATH, IRODS_HOME, IRODS_ZONE, userHomePath, userTrashPath } from "./navigation.js";
import { COMMUNITY_DATA } from "./paths.js";
import { ADMIN_ACCOUNT, PUBLIC_GROUP } from "./permissions.js";
import { share } from "./sharing-rules.js";
import { DataStore } from "./store.js";

/** The fixed id of a seeded entry (derived from its path, so tests can name it). */
export function seedId(path: string): string {
  return stableId(`file-info seed ${path}`);
}

const HOUR = 3_600_000;
/** Seeded entries are created hour by hour from here on. */
const SEED_EPOCH = Date.UTC(2024, 0, 1);

/** Three bytes per value: a small binary file with every byte value in it. */
const SAMPLE_BINARY = Uint8Array.from({ length: 768 }, (_, index) => (index * 7) % 256);

/**
 * Per user: files of each kind, a nested folder and an empty one. `modifiedAfter` (hours after creation)
 * differs from the creation order on purpose, so that each sort field orders them differently.
 */
const homeContents = (user: string) => [
  { path: "notes.txt", text: `Notes of ${user}.\nRemember the milk.\n`, modifiedAfter: 30 },
  {
    path: "measurements.csv",
    text: "sample,depth,temperature\nA1,10,4.2\nA2,20,3.9\nB1,10,5.1\nB2,20,4.8\nC1,10,6.0\nC2,20,5.7\n",
    modifiedAfter: 1,
  },
  { path: "sample.bin", bytes: SAMPLE_BINARY, modifiedAfter: 12 },
  { path: "analyses" },
  { path: "analyses/run-1" },
  { path: "analyses/run-1/output.tsv", text: "gene\tcount\nabcA\t12\nabcB\t7\n", modifiedAfter: 2 },
  { path: "documents" },
];

type SeedItem = { path: string; text?: string; bytes?: Uint8Array; modifiedAfter?: number };

function seedItems(store: DataStore, owner: string, base: string, items: SeedItem[], clock: { hour: number }) {
  for (const item of items) {
    const path = `${base}/${item.path}`;
    const at = SEED_EPOCH + clock.hour++ * HOUR;
    const details = { owner, id: seedId(path), at };
    const contents = item.text ?? item.bytes;
    if (contents === undefined) {
      store.addFolder(path, details);
      continue;
    }
    const entry = store.writeFile(path, contents, details);
    entry.dateModified = at + (item.modifiedAfter ?? 0) * HOUR;
  }
}

/**
 * The seeded data store: the zone's top folders, each demo user's home and trash, community data
 * readable by all, a folder and a file of alice's shared read-only with bob, and what the demo world's analyses
 * and requests name (`demo-seed.ts`).
 */
export function seededStore(): DataStore {
  const store = new DataStore();
  const clock = { hour: 0 };
  const system = (path: string, publicRead: boolean) =>
    store.addFolder(path, {
      owner: ADMIN_ACCOUNT,
      id: seedId(path),
      at: SEED_EPOCH,
      acl: publicRead ? [[PUBLIC_GROUP, "read"]] : [],
    });
  system(`/${IRODS_ZONE}`, true);
  system(IRODS_HOME, true);
  for (const path of [`/${IRODS_ZONE}/trash`, BASE_TRASH_PATH]) system(path, false);

  store.addFolder(COMMUNITY_DATA, {
    owner: ADMIN_ACCOUNT,
    id: seedId(COMMUNITY_DATA),
    at: SEED_EPOCH,
    acl: [[PUBLIC_GROUP, "read"]],
    inherit: true,
  });
  seedItems(
    store,
    ADMIN_ACCOUNT,
    COMMUNITY_DATA,
    [
      { path: "README.txt", text: "Community data: reference data sets readable by every user.\n" },
      { path: "reference-genomes" },
      { path: "reference-genomes/tiny.fasta", text: ">tiny\nACGTACGTAC\nGTACGTACGT\n" },
    ],
    clock,
  );

  for (const { username } of DEMO_USERS) {
    store.addFolder(userHomePath(username), { owner: username, id: seedId(userHomePath(username)), at: SEED_EPOCH });
    store.addFolder(userTrashPath(username), { owner: username, id: seedId(userTrashPath(username)), at: SEED_EPOCH });
    seedItems(store, username, userHomePath(username), homeContents(username), clock);
  }

  const alice = userHomePath("alice");
  seedItems(
    store,
    "alice",
    alice,
    [
      { path: "shared-with-bob" },
      { path: "shared-with-bob/plan.txt", text: "The plan, for bob to read.\n" },
      { path: "for-bob.txt", text: "A note alice shares with bob.\n" },
    ],
    clock,
  );
  for (const entry of store.catalogue.all()) {
    if (entry.path === `${alice}/shared-with-bob` || entry.path === `${alice}/for-bob.txt`) {
      share(store, "alice", "bob", entry, "read");
    }
  }
  seedDemoWorld(store, seedId);
  return store;
}
