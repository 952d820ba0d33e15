import { randomUUID } from "node:crypto";
import { deUserId, subdomainOf } from "../vice-addresses.js";
import { labelValue } from "./label-values.js";

/** How long a launched analysis takes to answer in the browser (its pod pulling the image and starting). */
export const DEFAULT_READY_DELAY_MS = 300;
/** A VICE analysis's first time limit after its launch (the planned end timelord sets on the job). */
export const TIME_LIMIT_SECONDS = 72 * 60 * 60;
/** What each extension adds: app-exposer's `vice.time-limit-extension` (configs/default.yml, cmd/app-exposer/app.go). */
export const TIME_LIMIT_EXTENSION_SECONDS = 4 * 60 * 60;

/** One interactive analysis running in the cluster, with what its Kubernetes resources are labelled with. */
export interface ViceAnalysis {
  analysisId: string;
  externalId: string;
  analysisName: string;
  appId: string;
  appName: string;
  /** Short username. */
  username: string;
  userId: string;
  subdomain: string;
  image: string;
  operatorId: string;
  createdAt: number;
  readyAt: number;
  /** Planned end, epoch seconds. */
  timeLimit: number;
  /** What happened to it, for its logs. */
  events: Array<{ at: number; line: string }>;
}

export interface Launch {
  analysisId: string;
  /** The job step's id, which the apps service makes; a new one when not given. */
  externalId?: string;
  analysisName: string;
  appId: string;
  appName: string;
  username: string;
  image: string;
}

export function launched(launch: Launch, operatorId: string, readyDelayMs: number, now = Date.now()): ViceAnalysis {
  const externalId = launch.externalId ?? randomUUID();
  const id = deUserId(launch.username);
  return {
    ...launch,
    externalId,
    userId: id,
    subdomain: subdomainOf(id, externalId),
    operatorId,
    createdAt: now,
    readyAt: now + readyDelayMs,
    timeLimit: Math.floor(now / 1000) + TIME_LIMIT_SECONDS,
    events: [{ at: now, line: `launching ${launch.image} for analysis ${launch.analysisId}` }],
  };
}

export const isReady = (analysis: ViceAnalysis, now = Date.now()) => now >= analysis.readyAt;

/**
 * The labels every resource of the analysis carries (vicebuild/labels.go `BuildLabels`), which the listings show and
 * filter by: the names as label values (`labelValue`), the analysis name cut to 63 characters first.
 */
export type LabelName =
  | "analysis-id"
  | "analysis-name"
  | "app-id"
  | "app-name"
  | "external-id"
  | "user-id"
  | "username"
  | "subdomain";

export function labelsOf(analysis: ViceAnalysis): Record<LabelName, string> {
  return {
    "analysis-id": analysis.analysisId,
    "analysis-name": labelValue([...analysis.analysisName].slice(0, 63).join("")),
    "app-id": analysis.appId,
    "app-name": labelValue(analysis.appName),
    "external-id": analysis.externalId,
    "user-id": analysis.userId,
    username: labelValue(analysis.username),
    subdomain: analysis.subdomain,
  };
}
