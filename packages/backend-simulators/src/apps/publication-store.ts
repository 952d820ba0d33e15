import { SEED_APP_IDS } from "../seed-ids.js";

export interface PublicationRequest {
  id: string;
  app_id: string;
  requestor: string;
  completed: boolean;
}

export interface PublicationState {
  requests: Map<string, PublicationRequest>;
  /** Apps an administrator blessed: the featured apps. */
  blessed: Set<string>;
}

/** The virtual category of the blessed apps, under the id the backend gives it (`listings.clj`, featured-apps-id). */
export const FEATURED_CATEGORY_ID = "cccccccc-cccc-cccc-cccc-cccccccccccc";

export const publicationOf = (all: () => Record<string, unknown>) => all().publication as PublicationState;

/** No publication request waits as the backend starts; Word Count is blessed (featured). */
export const makePublicationState = (): PublicationState => ({
  requests: new Map(),
  blessed: new Set([SEED_APP_IDS.wordCount]),
});
