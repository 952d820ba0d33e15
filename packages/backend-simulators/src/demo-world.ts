import { qualifiedUsername } from "./demo-users.js";
import { SEED_APP_IDS } from "./seed-ids.js";

/**
 * The platform's default concurrent job limit, as the DE database is seeded: the analyses service answers it for a user
 * without one of their own, and the apps backend checks launches of interactive apps against it.
 */
export const DEFAULT_CONCURRENT_JOBS = 8;

/**
 * The facts of the demo world that more than one simulator seeds, written down once so that the simulators agree:
 * the paths analyses and requests name exist in the data store (file-info), the running interactive analysis the
 * apps backend lists is the one app-exposer runs, the quick launch an instant launch offers exists. Each simulator
 * builds its own seed records from these; `test/demo-world.test.ts` walks the simulators' state and fails on any
 * reference one of them makes that another cannot answer.
 *
 * Who is who: alice explores the platform (her analyses, a DOI request, a subscription that lets her share, her
 * aligner app shared with carol); bob is the one left on the Basic plan, who reads the data alice shares with him and
 * asks for VICE access; carol administers (and curates DOIs).
 */

const ALICE_HOME = "/iplant/home/alice";
const ALICE_ANALYSES = `${ALICE_HOME}/analyses`;

/** A batch analysis's output folder as the condor jobs leave it: outputs, and the job's logs under `logs/`. */
export interface AnalysisOutputs {
  folder: string;
  /** Files by path relative to the folder, with their contents. */
  files: Record<string, string>;
}

/** The opening of chapter one of Alice's Adventures in Wonderland (Lewis Carroll, 1865), what alice counts. */
const CHAPTER_ONE =
  "CHAPTER I.\nDown the Rabbit-Hole\n\n" +
  "Alice was beginning to get very tired of sitting by her sister on the bank, and of having nothing to do:\n" +
  "once or twice she had peeped into the book her sister was reading, but it had no pictures or\n" +
  "conversations in it, \u201cand what is the use of a book,\u201d thought Alice \u201cwithout pictures or\n" +
  "conversations?\u201d\n";

/** What `wc` prints for a file: its lines, words and bytes, then its name. */
function wcLine(name: string, text: string): string {
  const lines = text.split("\n").length - 1;
  const words = text.split(/\s+/).filter(Boolean).length;
  return `${lines} ${words} ${Buffer.byteLength(text)} ${name}\n`;
}

/** alice's Word Count of chapter one: completed, with the counts and the job's logs in its output folder. */
export const COMPLETED_ANALYSIS = {
  id: "d6e5f4a3-0000-4000-8000-000000000001",
  name: "word-count-chapter-1",
  username: "alice",
  appId: SEED_APP_IDS.wordCount,
  ran: { from: Date.UTC(2026, 5, 2, 9), to: Date.UTC(2026, 5, 2, 9, 5) },
  input: { path: `${ALICE_HOME}/chapter-1.txt`, text: CHAPTER_ONE, written: Date.UTC(2026, 5, 1, 17) },
  outputs: {
    folder: `${ALICE_ANALYSES}/word-count-chapter-1`,
    files: {
      "chapter-1.txt.wc": wcLine("chapter-1.txt", CHAPTER_ONE),
      "logs/condor-stdout-0": "Running wc on chapter-1.txt\nwc exited with status 0\n",
      "logs/condor-stderr-0": "",
    },
  } satisfies AnalysisOutputs,
} as const;

/**
 * alice's FastQC run on the community data's tiny FASTA file: failed (FastQC reads FASTQ), its output folder
 * holding only the job's logs, the error among them.
 */
export const FAILED_ANALYSIS = {
  id: "d6e5f4a3-0000-4000-8000-000000000002",
  name: "fastqc-tiny-fasta",
  username: "alice",
  appId: SEED_APP_IDS.fastqc,
  ran: { from: Date.UTC(2026, 8, 14, 16, 20), to: Date.UTC(2026, 8, 14, 16, 21) },
  input: "/iplant/home/shared/reference-genomes/tiny.fasta",
  outputs: {
    folder: `${ALICE_ANALYSES}/fastqc-tiny-fasta`,
    files: {
      "logs/condor-stdout-0": "Started analysis of tiny.fasta\nfastqc exited with status 1\n",
      "logs/condor-stderr-0":
        "Failed to process file tiny.fasta\n" +
        "uk.ac.babraham.FastQC.Sequence.SequenceFormatException: ID line didn't start with '@'\n",
    },
  } satisfies AnalysisOutputs,
} as const;

/**
 * alice's JupyterLab session: a running interactive (VICE) analysis, launched half an hour before the platform
 * starts (or is reset) on app-exposer's seeded operator. Its external id (the job step's, which the apps service
 * makes and app-exposer labels the resources with) is fixed, so its URL is too. Its output folder exists from the
 * launch on; files are saved there when it ends.
 */
export const RUNNING_VICE_ANALYSIS = {
  id: "d6e5f4a3-0000-4000-8000-000000000003",
  name: "jupyterlab-notebook",
  username: "alice",
  appId: SEED_APP_IDS.jupyterLab,
  externalId: "b8e1d2c3-4f5a-4b6c-9d7e-8f9a0b1c2d3e",
  outputFolder: `${ALICE_ANALYSES}/jupyterlab-notebook`,
  runningForMs: 30 * 60_000,
} as const;

/** carol's public quick launch of JupyterLab (no inputs), offered as an instant launch on the dashboard. */
export const JUPYTER_QUICK_LAUNCH = {
  id: "e7f6a5b4-0000-4000-8000-000000000003",
  creator: qualifiedUsername("carol"),
  appId: SEED_APP_IDS.jupyterLab,
} as const;

/** The instant launch of that quick launch, added by carol, shown on the dashboard and in the listing. */
export const JUPYTER_INSTANT_LAUNCH = {
  id: "a7c3e5f1-0000-4000-8000-000000000001",
  quickLaunchId: JUPYTER_QUICK_LAUNCH.id,
  addedBy: qualifiedUsername("carol"),
  addedOn: "2026-02-01T09:00:00Z",
  uiLocations: ["dashboard", "listing"],
} as const;

/**
 * alice's DOI request for her lake survey folder: submitted, so the folder was moved to the curators' staging
 * folder (the data service's defaults, PERMANENT_ID_STAGING_FOLDER and PERMANENT_ID_CURATORS_GROUP), where the
 * curators own it and alice may still write to it; its metadata makes a complete DataCite record.
 */
export const DOI_REQUEST = {
  id: "3c4d5e6f-0000-4000-8000-000000000001",
  type: "DOI",
  requestedBy: "alice",
  submittedAt: Date.UTC(2026, 9, 5, 14),
  folderId: "0d1e2f3a-0000-4000-8000-000000000001",
  originalPath: `${ALICE_HOME}/lake-survey-2026`,
  stagingFolder: "/iplant/home/shared/commons_repo/staging",
  stagedPath: "/iplant/home/shared/commons_repo/staging/lake-survey-2026",
  curatorsGroup: "data-curators",
  /** The folder's metadata: the DataCite template's attributes (the platform adds the year and identifier). */
  metadata: [
    { attr: "title", value: "Lake Wonder water temperatures, 2026", unit: "" },
    {
      attr: "creator",
      value: "Liddell, Alice",
      unit: "",
      avus: [{ attr: "affiliation", value: "Wonderland University", unit: "" }],
    },
    { attr: "publisher", value: "CyVerse Data Commons", unit: "" },
    {
      attr: "resourceType",
      value: "Measurements",
      unit: "",
      avus: [{ attr: "resourceTypeGeneral", value: "Dataset", unit: "" }],
    },
    {
      attr: "description",
      value: "Weekly water temperatures of Lake Wonder at one, five and ten metres.",
      unit: "",
      avus: [{ attr: "descriptionType", value: "Abstract", unit: "" }],
    },
    { attr: "subject", value: "limnology", unit: "" },
  ],
  files: {
    "README.txt": "Water temperature of Lake Wonder, measured weekly at three depths in 2026.\n",
    "temperatures.csv": "week,depth_m,temperature_c\n1,1,4.1\n1,5,3.9\n1,10,3.8\n2,1,4.6\n2,5,4.0\n2,10,3.8\n",
  },
} as const;

/**
 * bob's open request for VICE access, made through the gateway: the `vice` request type, which the gateway
 * registers with the reference's limits (one request per user, ten open ones), and the details it sends.
 */
export const VICE_ACCESS_REQUEST = {
  id: "5e6f7a8b-0000-4000-8000-000000000001",
  requestType: { id: "5e6f7a8b-0000-4000-8000-0000000000f1", name: "vice", perUser: 1, concurrentPerUser: 10 },
  requestingUser: "bob",
  submittedAt: "2026-11-02T10:15:00Z",
  details: {
    intended_use: "Jupyter notebooks for my soil chemistry class",
    concurrent_jobs: 2,
    name: "Bob Builder",
    email: "bob@example.org",
  },
} as const;

/** Who is subscribed to which plan (QMS); bob has none and gets Basic, the default, when QMS first sees him. */
export const DEMO_SUBSCRIPTIONS = [
  { username: "alice", plan: "Regular", paid: true },
  { username: "carol", plan: "Pro", paid: true },
] as const;
