import { ANONYMOUS_READ_PATHS } from "./anonymous-reads.js";

/**
 * The web client calls most file operations without `/secured` (`/filesystem/paged-directory`, `/fileio/download`,
 * `/filetypes/type-list`), since the reference gateway serves its secured routes under both paths. They are the
 * same routes, with the same authentication: the prefix is put back before routing. The read routes visitors may
 * call without signing in are registered under their unprefixed paths too (`anonymous-reads.ts`) and keep them.
 */
const UNPREFIXED = ["/filesystem/", "/fileio/", "/filetypes/"];

const pathOf = (url: string) => url.split("?", 1)[0] as string;

export const withSecuredPrefix = (url: string): string =>
  UNPREFIXED.some((prefix) => url.startsWith(prefix)) && !ANONYMOUS_READ_PATHS.has(pathOf(url))
    ? `/secured${url}`
    : url;
