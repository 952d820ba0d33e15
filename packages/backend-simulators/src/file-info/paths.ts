import { Problem } from "../framework/problems.js";
import { badField } from "./errors.js";
import { BASE_TRASH_PATH, IRODS_HOME, IRODS_ZONE, userTrashPath } from "./navigation.js";

/** The community data folder, readable by everyone. */
export const COMMUNITY_DATA = `${IRODS_HOME}/shared`;

const badPath = (path: unknown, why: string) =>
  new Problem(400, "ERR_BAD_PATH", `bad path: ${why}`, { path: typeof path === "string" ? path : String(path) });

/**
 * Checks one name of a path: not empty, not `.` or `..`, no `/` and no NUL. Every path the simulator
 * touches is built from names that passed this check, so none can leave the zone.
 */
export function checkedName(name: string, original: unknown = name): string {
  if (name === "" || name === "." || name === "..") throw badPath(original, `"${name}" is not a name`);
  if (name.includes("/")) throw badPath(original, "a name holds a slash");
  if (name.includes("\0")) throw badPath(original, "a name holds a NUL character");
  return name;
}

/** Characters data-info refuses in the names of new files and folders. */
const BAD_NAME_CHARS = ["`", "'", "\n", "\t"];

/** A name for a new file or folder: a valid name without the characters data-info refuses. */
export function newName(name: string): string {
  checkedName(name);
  if (BAD_NAME_CHARS.some((char) => name.includes(char))) {
    throw badField("the name holds a character that is not allowed", { path: name });
  }
  return name;
}

/** data-info's length limits (clj-jargon's validations), in UTF-16 code units as Java and JavaScript count them. */
const MAX_PATH_LENGTH = 1067;
const MAX_DIR_LENGTH = 640;
const MAX_BASENAME_LENGTH = MAX_PATH_LENGTH - MAX_DIR_LENGTH;
/** What one name may take on the simulator's disk (255 bytes on ext4 and most others), below data-info's limit. */
const MAX_NAME_BYTES_ON_DISK = 255;

const tooLong = (code: string, reason: string, details: Record<string, string>) =>
  new Problem(400, code, reason, details);

/** Refuses a path longer than data-info allows (its codes and fields), or with a name the disk cannot hold. */
function checkedLengths(path: string, names: string[]): void {
  const folder = parentOf(path);
  const name = names.at(-1) ?? "";
  if (path.length > MAX_PATH_LENGTH) {
    throw tooLong("ERR_BAD_PATH_LENGTH", `the path is longer than ${MAX_PATH_LENGTH} characters`, {
      "full-path": path,
    });
  }
  if (folder.length > MAX_DIR_LENGTH || names.slice(0, -1).some((n) => Buffer.byteLength(n) > MAX_NAME_BYTES_ON_DISK)) {
    throw tooLong("ERR_BAD_DIRNAME_LENGTH", "the folder's path or one of its names is too long", {
      "dir-path": folder,
      "full-path": path,
    });
  }
  if (name.length > MAX_BASENAME_LENGTH || Buffer.byteLength(name) > MAX_NAME_BYTES_ON_DISK) {
    throw tooLong("ERR_BAD_BASENAME_LENGTH", "the name is too long", { "file-path": name, "full-path": path });
  }
}

/** The names of a logical path inside the zone, or ERR_BAD_PATH (or a length code). One trailing slash is tolerated. */
export function pathNames(path: unknown): string[] {
  if (typeof path !== "string" || !path.startsWith("/")) throw badPath(path, "paths are absolute");
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  const names = trimmed.slice(1).split("/");
  for (const name of names) checkedName(name, path);
  if (names[0] !== IRODS_ZONE) throw badPath(path, `paths are under /${IRODS_ZONE}`);
  checkedLengths(trimmed, names);
  return names;
}

/** A validated, normalised logical path. */
export const logicalPath = (path: unknown): string => `/${pathNames(path).join("/")}`;

/** Names of a URL's wildcard tail (`/data/path/{zone}/{names…}`), each percent-decoded on its own. */
export function pathFromUrlTail(tail: string): string {
  const rawNames = tail.split("/");
  if (rawNames.length > 1 && rawNames.at(-1) === "") rawNames.pop();
  const names = rawNames.map((raw) => {
    let name: string;
    try {
      name = decodeURIComponent(raw);
    } catch {
      throw badPath(`/${tail}`, "undecodable percent-encoding");
    }
    return checkedName(name, `/${tail}`);
  });
  return logicalPath(`/${names.join("/")}`);
}

export const joinPath = (folder: string, name: string): string => logicalPath(`${folder}/${checkedName(name)}`);
export const parentOf = (path: string): string => path.slice(0, path.lastIndexOf("/")) || "/";
export const baseName = (path: string): string => path.slice(path.lastIndexOf("/") + 1);
/** True for `path` itself and everything below it. */
export const isWithin = (path: string, folder: string): boolean => path === folder || path.startsWith(`${folder}/`);

/** The label data-info gives a path: the special folders have names of their own. */
export function pathLabel(user: string, path: string): string {
  if (path === userTrashPath(user)) return "Trash";
  if (path === IRODS_HOME) return "Shared With Me";
  if (path === COMMUNITY_DATA) return "Community Data";
  return baseName(path);
}

/** The home folder a path lies in (`/iplant/home/alice` for anything under it), if any. */
export function homeOf(path: string): string | undefined {
  const names = path.split("/");
  return names.length >= 4 && `/${names[1]}/${names[2]}` === IRODS_HOME ? names.slice(0, 4).join("/") : undefined;
}

/**
 * A home, a user's trash folder or a folder above them: nobody, not even the administrative account, may move,
 * rename or delete one.
 */
export const isBaseFolder = (path: string): boolean =>
  homeOf(path) === path ||
  parentOf(path) === BASE_TRASH_PATH ||
  isWithin(IRODS_HOME, path) ||
  isWithin(BASE_TRASH_PATH, path);
