import { randomUUID } from "node:crypto";

/** An instant launch: a quick launch offered for one-click launching. `added_by` is the full username. */
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

export const emptyInstantLaunchState = (): InstantLaunchState => ({
  instantLaunches: new Map(),
  avus: [],
  defaults: [{ id: "0f1e2d3c-0000-4000-8000-00000000d001", version: 1, mapping: {}, added_by: "" }],
});

export const newInstantLaunch = (quickLaunchId: string, addedBy: string): InstantLaunch => ({
  id: randomUUID(),
  quick_launch_id: quickLaunchId,
  added_by: addedBy,
  added_on: new Date().toISOString(),
});
