import { IRODS_ZONE, userHomePath, userTrashPath } from "./navigation.js";
import { isWithin } from "./paths.js";
import type { DataStore } from "./store.js";

/**
 * The folders data-usage-api counts as a user's (`db/icat.go`, populateSpecificUserColls): the home and the user's
 * folder in each of the trash's three roots (the user's trash is the first; the other two are older roots).
 */
const countedFolders = (user: string): string[] => [
  userHomePath(user),
  userTrashPath(user),
  `/${IRODS_ZONE}/trash/home/de-irods/${user}`,
  `/${IRODS_ZONE}/trash/home/ipcservices/${user}`,
];

/**
 * The bytes a user stores, as data-usage-api sums them from the ICAT: the sizes of every file under the user's
 * counted folders, whoever owns the file (a file someone else wrote into them counts; one of the user's elsewhere
 * does not).
 */
export function storedBytes(store: DataStore, user: string): number {
  const folders = countedFolders(user);
  let total = 0;
  for (const entry of store.catalogue.values()) {
    if (entry.type === "file" && folders.some((folder) => isWithin(entry.path, folder))) total += entry.size;
  }
  return total;
}
