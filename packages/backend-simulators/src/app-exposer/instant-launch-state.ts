import { randomUUID } from "node:crypto";
import { JUPYTER_INSTANT_LAUNCH } from "../demo-world.js";
import { deUserId } from "../vice-addresses.js";

/**
 * An instant launch: a quick launch offered for one-click launching. As the `instant_launches` table keeps it,
 * `added_by` is the adder's users table id (a UUID; cyverse-de/de-database migrations/000010), which every answer but
 * the full listings (joined with `users`) shows as it is.
 */
export interface InstantLaunch {
  id: string;
  quick_launch_id: string;
  added_by: string;
  added_on: string;
}

/** An AVU on an instant launch, as the metadata service keeps it for app-exposer. */
export interface InstantLaunchAvu {
  id: string;
  attr: string;
  value: string;
  unit: string;
  target_id: string;
  target_type: "instant_launch";
  created_by: string;
  modified_by: string;
  created_on: number;
  modified_on: number;
}

/** One version of the default mapping of file patterns to instant launches. */
export interface DefaultsVersion {
  id: string;
  version: number;
  mapping: Record<string, unknown>;
  added_by: string;
}

export interface InstantLaunchState {
  instantLaunches: Map<string, InstantLaunch>;
  avus: InstantLaunchAvu[];
  /** Oldest first; the last one is the latest. */
  defaults: DefaultsVersion[];
}

/** When carol placed the seeded instant launch, as metadata times are kept (epoch milliseconds). */
const PLACED = Date.parse(JUPYTER_INSTANT_LAUNCH.addedOn);

/**
 * The seeded instant launches: carol's JupyterLab one (`demo-world.ts`), placed on the dashboard and in the instant
 * launches listing by its `ui_location` AVUs, as the web client's administration page places them.
 */
export const seededInstantLaunchState = (): InstantLaunchState => ({
  instantLaunches: new Map([
    [
      JUPYTER_INSTANT_LAUNCH.id,
      {
        id: JUPYTER_INSTANT_LAUNCH.id,
        quick_launch_id: JUPYTER_INSTANT_LAUNCH.quickLaunchId,
        added_by: deUserId(JUPYTER_INSTANT_LAUNCH.addedBy),
        added_on: JUPYTER_INSTANT_LAUNCH.addedOn,
      },
    ],
  ]),
  avus: JUPYTER_INSTANT_LAUNCH.uiLocations.map((location, index) => ({
    id: `a7c3e5f1-0000-4000-8000-00000000a00${index + 1}`,
    attr: "ui_location",
    value: location,
    unit: "",
    target_id: JUPYTER_INSTANT_LAUNCH.id,
    target_type: "instant_launch",
    created_by: "carol",
    modified_by: "carol",
    created_on: PLACED,
    modified_on: PLACED,
  })),
  defaults: [{ id: "0f1e2d3c-0000-4000-8000-00000000d001", version: 1, mapping: {}, added_by: "" }],
});

/** A new row: `added_on` is the insert's time, as lib/pq gives a timestamp to a Go string (RFC 3339). */
export const newInstantLaunch = (quickLaunchId: string, addedById: string): InstantLaunch => ({
  id: randomUUID(),
  quick_launch_id: quickLaunchId,
  added_by: addedById,
  added_on: new Date().toISOString(),
});
