/**
 * Node options every service runs with, before its own.
 *
 * - `--max-semi-space-size=16`: Node 22 and later (V8 12+) let the young generation grow to 64 MiB under load, where
 *   Node 20 stopped at 32: a service then holds ~56 MiB more RSS at rest after a burst than before it, with the same
 *   live heap (deploy/reliability's leaks scenario: +56 MiB without, +0.2 MiB with). A semi-space of 16 MiB is Node
 *   20's bound, under which every figure of docs/performance.md was measured.
 * - `--scavenger-max-new-space-capacity-mb=4`: V8 collects the young generation early, before its allocation space
 *   is full, once the buffers made since its last collection hold twice its default semi-space (this flag × 2 MiB
 *   on Node's 64-bit heap). Node 24's default, 32, puts that at 128 MiB, past the 64 MiB of buffers that set off a
 *   full collection first, so a stream's short-lived pieces piled up until one, and the allocator kept their memory
 *   (figure 5: 85–101 MiB of RSS growth per GiB streamed). At 4 (16 MiB) the data service grows 40–48 MiB; at 8
 *   (Node 20's point) 58–64 MiB; at 2 more pieces in flight outlive two collections and pile up old, 66–82 MiB
 *   (docs/performance.md). The explicit semi-space above still sets the young generation's size.
 */
export const SHARED_NODE_ARGS: readonly string[] = [
  "--max-semi-space-size=16",
  "--scavenger-max-new-space-capacity-mb=4",
];
