import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join, relative, sep } from "node:path";

/** Roots still on disk; whatever a process leaves behind is removed when it exits. */
const liveRoots = new Set<string>();
let exitCleanupInstalled = false;

function removeLiveRoots(): void {
  for (const root of liveRoots) rmSync(root, { recursive: true, force: true });
  liveRoots.clear();
}

/**
 * Removes leftover roots when the process exits, including on the termination signals test runners
 * send their workers: when nothing else listens for the signal, the roots go and the signal is raised
 * again so the process ends as it would have; otherwise whoever listens ends it, and `exit` cleans up.
 */
function removeLiveRootsAtExit(): void {
  if (exitCleanupInstalled) return;
  exitCleanupInstalled = true;
  process.once("exit", removeLiveRoots);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    const onSignal = () => {
      if (process.listenerCount(signal) > 1) return;
      process.removeListener(signal, onSignal);
      removeLiveRoots();
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

/**
 * The temporary folder holding one simulated data store: the zone's tree under `tree/` (logical path
 * `/iplant/home/alice` is `tree/iplant/home/alice`) and uploads in progress under `staging/`, outside it.
 */
export class DiskRoot {
  readonly root: string;
  readonly tree: string;
  readonly staging: string;

  constructor() {
    this.root = mkdtempSync(join(tmpdir(), "file-info-"));
    this.tree = join(this.root, "tree");
    this.staging = join(this.root, "staging");
    mkdirSync(this.tree);
    mkdirSync(this.staging);
    liveRoots.add(this.root);
    removeLiveRootsAtExit();
  }

  /** Where a validated logical path lives on disk; refuses anything that would land outside the tree. */
  pathOf(logicalPath: string): string {
    const onDisk = join(this.tree, ...logicalPath.split("/").filter(Boolean));
    const inside = relative(this.tree, onDisk);
    if (inside === "" || inside === ".." || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
      throw new Error(`refusing a disk path outside the data store: ${logicalPath}`);
    }
    return onDisk;
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true });
    liveRoots.delete(this.root);
  }
}
