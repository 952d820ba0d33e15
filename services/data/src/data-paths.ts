import { encodeSegment } from "@de-gateway/backend-clients";

/** The last segment of a path: a file's or folder's name. */
export const baseName = (path: string): string => path.slice(path.lastIndexOf("/") + 1);

/** Everything before the last segment. */
export const parentOf = (path: string): string => path.slice(0, path.lastIndexOf("/")) || "/";

/** True for `path` itself and everything below it. */
export const isWithin = (path: string, folder: string): boolean => path === folder || path.startsWith(`${folder}/`);

export const joinPath = (folder: string, name: string): string => `${folder.replace(/\/+$/, "")}/${name}`;

/**
 * `/iplant/home/alice/a b` → `{route}/iplant/home/alice/a%20b`: each segment encoded on its own. The zone itself is
 * `{route}/iplant/`: data-info's routes are `/path/:zone/*`, which a URL ending at the zone does not match.
 */
function underZone(route: string, path: string): string {
  const segments = path.split("/").slice(1).map(encodeSegment);
  return `${route}/${segments.join("/")}${segments.length === 1 ? "/" : ""}`;
}

/** A file's or folder's URL under data-info's `/data/path`. */
export const dataPathUrl = (path: string): string => underZone("/data/path", path);

/** A folder's URL under data-info's `/navigation/path`. */
export const navigationPathUrl = (path: string): string => underZone("/navigation/path", path);
