import { encodeSegment } from "@de-gateway/backend-clients";

/** The last segment of a path: a file's or folder's name. */
export const baseName = (path: string): string => path.slice(path.lastIndexOf("/") + 1);

/** Everything before the last segment. */
export const parentOf = (path: string): string => path.slice(0, path.lastIndexOf("/")) || "/";

/** True for `path` itself and everything below it. */
export const isWithin = (path: string, folder: string): boolean => path === folder || path.startsWith(`${folder}/`);

export const joinPath = (folder: string, name: string): string => `${folder.replace(/\/+$/, "")}/${name}`;

/** `/iplant/home/alice/a b` → `/data/path/iplant/home/alice/a%20b`: each segment encoded on its own. */
export const dataPathUrl = (path: string): string =>
  `/data/path/${path.split("/").slice(1).map(encodeSegment).join("/")}`;

/** Same form under `/navigation/path`. */
export const navigationPathUrl = (path: string): string =>
  `/navigation/path/${path.split("/").slice(1).map(encodeSegment).join("/")}`;
