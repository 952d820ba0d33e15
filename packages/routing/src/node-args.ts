/**
 * Node options every service runs with, before its own. Node 22 and later (V8 12+) let the young generation grow to
 * 64 MiB under load, where Node 20 stopped at 32: a service then holds ~56 MiB more RSS at rest after a burst than
 * before it, with the same live heap (deploy/reliability's leaks scenario: +56 MiB without, +0.2 MiB with). A semi-space
 * of 16 MiB is Node 20's bound, under which every figure of docs/performance.md was measured.
 */
export const SHARED_NODE_ARGS: readonly string[] = ["--max-semi-space-size=16"];
