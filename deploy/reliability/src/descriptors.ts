import { readdirSync, readlinkSync } from "node:fs";

/** What this process's open file descriptors point at (`socket:[…]`, `pipe:[…]`, a path, ...); Linux only. */
export function descriptorTargets(): string[] {
  return readdirSync("/proc/self/fd").flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/self/fd/${fd}`)];
    } catch {
      // Closed between the listing and the look (the listing's own descriptor, for one).
      return [];
    }
  });
}

/** The paths of files and folders this process holds open (sockets, pipes and devices left out). */
export const openFiles = (targets: readonly string[] = descriptorTargets()) =>
  targets.filter((target) => target.startsWith("/") && !target.startsWith("/dev/"));
