/**
 * The web client calls most file operations without `/secured` (`/filesystem/paged-directory`, `/fileio/download`,
 * `/filetypes/type-list`), since the reference gateway serves its secured routes under both paths. They are the
 * same routes, with the same authentication: the prefix is put back before routing.
 */
const UNPREFIXED = ["/filesystem/", "/fileio/", "/filetypes/"];

export const withSecuredPrefix = (url: string): string =>
  UNPREFIXED.some((prefix) => url.startsWith(prefix)) ? `/secured${url}` : url;
