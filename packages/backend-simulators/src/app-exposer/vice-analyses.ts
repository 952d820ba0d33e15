import { randomUUID } from "node:crypto";
import { deUserId, subdomainOf } from "../vice-addresses.js";

/** How long a launched analysis takes to answer in the browser (its pod pulling the image and starting). */
export const DEFAULT_READY_DELAY_MS = 300;
/** A VICE analysis's first time limit, and what each extension adds (app-exposer's configured extension). */
export const TIME_LIMIT_SECONDS = 72 * 60 * 60;

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

/** The labels every resource of the analysis carries, which the listings filter by. */
export function labelsOf(analysis: ViceAnalysis): Record<string, string> {
  return {
    "analysis-id": analysis.analysisId,
    "analysis-name": analysis.analysisName,
    "app-id": analysis.appId,
    "app-name": analysis.appName,
    "external-id": analysis.externalId,
    "user-id": analysis.userId,
    username: analysis.username,
    subdomain: analysis.subdomain,
  };
}
