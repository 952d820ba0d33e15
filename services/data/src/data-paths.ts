import { encodeSegment } from "@de-gateway/backend-clients";
import { badRequest } from "@de-gateway/service-kit";

/**
 * A data-store path as the caller gave it, checked before it goes anywhere: absolute, no NUL, no empty,
 * `.` or `..` segment (so no `//`, `/../` or decoded `%2F..%2F` trick changes which entry is meant). A trailing
 * slash is dropped. The file-info backend checks the caller's permissions on whatever remains.
 */
export function dataPath(value: string, field = "path"): string {
  const path = value.length > 1 ? value.replace(/\/+$/, "") : value;
  const segments = path.split("/").slice(1);
  const valid =
    path.startsWith("/") &&
    !path.includes("\0") &&
    segments.length > 0 &&
    segments.every((segment) => segment !== "" && segment !== "." && segment !== "..");
  if (!valid) {
    throw badRequest(`${field} must be an absolute path without empty, . or .. segments`, "ERR_BAD_OR_MISSING_FIELD", {
      [field]: value,
    });
  }
  return path;
}

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
