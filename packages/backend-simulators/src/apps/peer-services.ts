import { DEFAULT_CONCURRENT_JOBS } from "../demo-world.js";
import { defineModule } from "../framework/module.js";
import { seededAppAvus } from "../metadata/avu-seed.js";
import type { AvusState } from "../metadata/avu-store.js";

/** A user's concurrent job limit as the analyses service answers it (`GET /settings/concurrent-job-limits/{user}`). */
export interface ConcurrentJobLimit {
  concurrent_jobs: number;
  is_default: boolean;
}

/**
 * What the apps backend asks of other platform services, passed in where the platform is assembled. For the limit
 * checks of interactive apps: the user's concurrent job limit, of the analyses service (cyverse-de/apps
 * `clients/analyses.clj`), and the user's VICE access requests not yet decided, of the requests service
 * (`clients/requests.clj`, `GET /requests?request-type=vice&requesting-user=`: the listing's entries as it answers
 * them). For analyses' status changes: the notification agent. For the paths a launch form offers and the folders
 * analyses write to: data-info. For community tags: iplant-groups. For apps' AVUs: the metadata service. An apps
 * simulator started alone, without them, has every user at the platform's default, asking nothing, telling no one,
 * every path accessible, no folder made or found, every user an administrator of every community, and a metadata
 * store of its own holding the demo apps' AVUs.
 */
export interface PeerServices {
  concurrentJobLimit(username: string): ConcurrentJobLimit;
  openViceRequests(username: string): Record<string, unknown>[];
  /**
   * The notification agent's `POST /notification` (`clients/notifications.clj`): the backend tells a user of their
   * analyses' status changes. A refusal throws; the backend logs it and goes on (`guarded`, as the real one does).
   */
  notificationAgent(body: Record<string, unknown>, at?: number): void;
  /**
   * Whether data-info's `POST /path-info` as the user, with `validation-behavior=read`, answers without refusing
   * (`clients/data_info.clj`; `util.clj` `paths-accessible?` asks it for launch forms, and reads its 500
   * ERR_DOES_NOT_EXIST or ERR_NOT_READABLE as false).
   */
  pathsAccessible(username: string, paths: readonly string[]): boolean;
  /**
   * An analysis's result folder made ready as the user (`jobs/util.clj` `create-output-dir`): data-info's path-info,
   * then its directory creation when the folder does not exist. A refusal throws, and the submission fails with it.
   */
  createOutputFolder(username: string, path: string): void;
  /** Those of the paths that exist, of data-info's `POST /existence-marker` as the user (`get-paths-exist`). */
  existingPaths(username: string, paths: readonly string[]): string[];
  /**
   * The administrators of a community (a group's full name), of iplant-groups as the user (`clients/iplant_groups.clj`
   * get-community-admins). A refusal, the group not found among them, throws, and the request fails with it.
   */
  communityAdmins(username: string, community: string): string[];
  /**
   * The metadata service's AVUs, where the apps service lists, adds, sets and deletes apps' AVUs (`clients/metadata.clj`
   * list-avus, update-avus, set-avus, delete-avus, filter-by-avus; target type `app`), read and changed as that
   * service does (`metadata/avu-store.ts`).
   */
  metadataAvus(): AvusState;
}

const ALONE: Omit<PeerServices, "metadataAvus"> = {
  concurrentJobLimit: () => ({ concurrent_jobs: DEFAULT_CONCURRENT_JOBS, is_default: true }),
  openViceRequests: () => [],
  notificationAgent: () => {},
  pathsAccessible: () => true,
  createOutputFolder: () => {},
  existingPaths: () => [],
  // Alone, with no groups backend to ask, every user administers every community.
  communityAdmins: (username) => [username],
};

/** Holds the peer services, so that the limit checks can reach them through the backend's state. */
export const peerServices = (services: Partial<PeerServices> = {}) =>
  defineModule<{ services: PeerServices }>({
    makeState: () => {
      const ownAvus: AvusState = { avus: seededAppAvus() };
      return { services: { ...ALONE, metadataAvus: () => ownAvus, ...services } };
    },
    routes: () => {},
  });

export const peerServicesOf = (all: () => Record<string, unknown>): PeerServices =>
  (all().peerServices as { services: PeerServices }).services;
