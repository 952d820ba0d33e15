import { isFavorite } from "./favorite-flags.js";
import type { ListingView } from "./special-folders.js";

type Json = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" ? value : "");
const number = (value: unknown) => (typeof value === "number" ? value : 0);

/** A folder of a navigation listing (`GET /navigation/path`), as the interface's folder entry. */
export function folderEntry(folder: Json, favorites: Set<string>, view: ListingView) {
  const path = text(folder.path);
  return {
    id: text(folder.id),
    path,
    label: text(folder.label) || view.label(path),
    permission: text(folder.permission),
    "date-created": number(folder["date-created"]),
    "date-modified": number(folder["date-modified"]),
    "file-size": 0,
    isFavorite: isFavorite(favorites, folder.id),
    badName: view.hasBadName(path),
    hasSubDirs: true,
  };
}

export function directoryListing(folder: Json, favorites: Set<string>, view: ListingView) {
  const folders = Array.isArray(folder.folders) ? (folder.folders as Json[]) : [];
  return {
    ...folderEntry(folder, favorites, view),
    folders: folders.map((child) => folderEntry(child, favorites, view)),
  };
}

/** The ids a navigation listing shows: the folder and its subfolders. */
export const navigationIds = (folder: Json): string[] => [
  text(folder.id),
  ...(Array.isArray(folder.folders) ? (folder.folders as Json[]).map((child) => text(child.id)) : []),
];

/**
 * An item of the file-info backend's paged listing, as the interface's paged-listing entry. The backend names items
 * (`name`) but does not label them; the label is the reference's.
 */
export function pagedItem(item: Json, favorites: Set<string>, view: ListingView) {
  return {
    id: text(item.id),
    path: text(item.path),
    label: view.label(text(item.path)),
    infoType: typeof item.infoType === "string" ? item.infoType : null,
    isFavorite: isFavorite(favorites, item.id),
    badName: item.badName === true,
    permission: text(item.permission),
    "date-created": number(item.dateCreated),
    "date-modified": number(item.dateModified),
    "file-size": number(item.size),
  };
}

export function pagedListing(page: Json, favorites: Set<string>, view: ListingView) {
  const files = Array.isArray(page.files) ? (page.files as Json[]) : [];
  const folders = Array.isArray(page.folders) ? (page.folders as Json[]) : [];
  return {
    ...pagedItem(page, favorites, view),
    hasSubDirs: true,
    files: files.map((item) => pagedItem(item, favorites, view)),
    folders: folders.map((item) => pagedItem(item, favorites, view)),
    total: number(page.total),
    totalBad: number(page.totalBad),
  };
}

export const pagedIds = (page: Json): string[] =>
  [page, ...((page.files as Json[]) ?? []), ...((page.folders as Json[]) ?? [])].map((item) => text(item.id));
