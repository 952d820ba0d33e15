import {
  type AnalysisOutputs,
  COMPLETED_ANALYSIS,
  DOI_REQUEST,
  FAILED_ANALYSIS,
  RUNNING_VICE_ANALYSIS,
} from "../demo-world.js";
import type { Entry } from "./catalogue.js";
import { parentOf } from "./paths.js";
import { ADMIN_ACCOUNT } from "./permissions.js";
import { share } from "./sharing-rules.js";
import type { DataStore } from "./store.js";

/** The fixed id of a seeded path (`seedId`). */
type IdOf = (path: string) => string;

/** The folder, made with those above it that are missing, as `owner` at `at` (as data-info's mkdirs does). */
function folders(store: DataStore, idOf: IdOf, owner: string, path: string, at: number): Entry {
  const existing = store.catalogue.at(path);
  if (existing) return existing;
  folders(store, idOf, owner, parentOf(path), at);
  return store.addFolder(path, { owner, id: idOf(path), at });
}

/** Writes files (paths relative to `base`) with their folders, as `owner` at `at`. */
function files(store: DataStore, idOf: IdOf, owner: string, base: string, written: Record<string, string>, at: number) {
  for (const [name, text] of Object.entries(written)) {
    const path = `${base}/${name}`;
    folders(store, idOf, owner, parentOf(path), at);
    store.writeFile(path, text, { owner, id: idOf(path), at });
  }
}

/** An analysis's output folder as its job left it when it ended. */
const outputs = (
  store: DataStore,
  idOf: IdOf,
  owner: string,
  { folder, files: written }: AnalysisOutputs,
  at: number,
) => files(store, idOf, owner, folder, written, at);

/**
 * alice's folder with a DOI request, as the data service's request left it (services/data
 * `src/permanent-ids/curation.ts`): described with metadata that makes a DataCite record, moved into the curators'
 * staging folder (made by the administrative account, owned by the curators' group), the curators owning it and
 * alice keeping write access.
 */
function stagedDoiFolder(store: DataStore, idOf: IdOf): void {
  const { requestedBy, submittedAt, stagingFolder, curatorsGroup } = DOI_REQUEST;
  const described = submittedAt - 86_400_000;
  const folder = store.addFolder(DOI_REQUEST.originalPath, {
    owner: requestedBy,
    id: DOI_REQUEST.folderId,
    at: described,
  });
  files(store, idOf, requestedBy, DOI_REQUEST.originalPath, DOI_REQUEST.files, described);
  // Its metadata is the metadata service's (metadata/avu-seed.ts).
  share(store, ADMIN_ACCOUNT, curatorsGroup, folders(store, idOf, ADMIN_ACCOUNT, stagingFolder, submittedAt), "own");
  store.move(folder, DOI_REQUEST.stagedPath);
  share(store, ADMIN_ACCOUNT, curatorsGroup, folder, "own");
  share(store, ADMIN_ACCOUNT, requestedBy, folder, "write");
}

/**
 * What the demo world's analyses and requests name (`demo-world.ts`), in the data store: the completed analysis's
 * input, each finished analysis's output folder with its outputs and logs, the running one's output folder (empty
 * until it ends), and the folder alice asked a DOI for.
 */
export function seedDemoWorld(store: DataStore, idOf: IdOf): void {
  const { input } = COMPLETED_ANALYSIS;
  store.writeFile(input.path, input.text, {
    owner: COMPLETED_ANALYSIS.username,
    id: idOf(input.path),
    at: input.written,
  });
  outputs(store, idOf, COMPLETED_ANALYSIS.username, COMPLETED_ANALYSIS.outputs, COMPLETED_ANALYSIS.ran.to);
  outputs(store, idOf, FAILED_ANALYSIS.username, FAILED_ANALYSIS.outputs, FAILED_ANALYSIS.ran.to);
  const launched = Date.now() - RUNNING_VICE_ANALYSIS.runningForMs;
  folders(store, idOf, RUNNING_VICE_ANALYSIS.username, RUNNING_VICE_ANALYSIS.outputFolder, launched);
  stagedDoiFolder(store, idOf);
}
