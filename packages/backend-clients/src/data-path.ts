import { badRequest } from "@de-gateway/service-kit";

/** A path with its trailing slashes dropped (the root stays `/`). */
const withoutTrailingSlash = (value: string): string => (value.length > 1 ? value.replace(/\/+$/, "") : value);

/**
 * Whether a data-store path names one entry whatever the backend resolves: absolute, no NUL, no empty, `.` or `..`
 * segment (so no `//`, `/../` or decoded `%2F..%2F` trick changes which entry is meant). A trailing slash is allowed.
 */
export function isDataPath(value: string): boolean {
  const path = withoutTrailingSlash(value);
  const segments = path.split("/").slice(1);
  return (
    path.startsWith("/") &&
    !path.includes("\0") &&
    segments.length > 0 &&
    segments.every((segment) => segment !== "" && segment !== "." && segment !== "..")
  );
}

/**
 * The one check of every data-store path the gateway hands a data backend, wherever it comes from (a route's
 * field, a stored preference): the path without its trailing slash, or 400 ERR_BAD_OR_MISSING_FIELD naming the
 * field. The data backend checks the caller's permissions on whatever remains.
 */
export function dataPath(value: string, field = "path"): string {
  if (!isDataPath(value)) {
    throw badRequest(`${field} must be an absolute path without empty, . or .. segments`, "ERR_BAD_OR_MISSING_FIELD", {
      [field]: value,
    });
  }
  return withoutTrailingSlash(value);
}
