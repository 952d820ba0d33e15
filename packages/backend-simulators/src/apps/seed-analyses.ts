import { COMPLETED_ANALYSIS, FAILED_ANALYSIS, RUNNING_VICE_ANALYSIS } from "../demo-world.js";
import { interactiveUrl } from "../vice-addresses.js";
import type { AnalysisRecord } from "./analyses-store.js";

/** The seeds were submitted with their output folder named and no folder of their own made inside it. */
const submittedInto = (folder: string) => ({ output_dir: folder, create_output_subdir: false });

/** The config key of an app's parameter, as the launch form submits it. */
const input = (appId: string, parameterId: string, path: string) => ({ [`${appId}_${parameterId}`]: path });

/**
 * alice's analyses (`demo-world.ts`): a completed Word Count and a failed FastQC run, and a JupyterLab session that
 * has been running since half an hour before `now`, with the URL its launch gave it (app-exposer runs it).
 */
export const seedAnalyses = (now: number): AnalysisRecord[] => [
  {
    id: COMPLETED_ANALYSIS.id,
    name: COMPLETED_ANALYSIS.name,
    description: "Counting the words of chapter one",
    app_id: COMPLETED_ANALYSIS.appId,
    system_id: "de",
    username: COMPLETED_ANALYSIS.username,
    status: "Completed",
    startdate: COMPLETED_ANALYSIS.ran.from,
    enddate: COMPLETED_ANALYSIS.ran.to,
    resultfolderid: COMPLETED_ANALYSIS.outputs.folder,
    output: submittedInto(COMPLETED_ANALYSIS.outputs.folder),
    notify: true,
    config: input(COMPLETED_ANALYSIS.appId, "0b9b4f2e-1d3c-4a5b-8c7d-000000000011", COMPLETED_ANALYSIS.input.path),
    options: {},
    deleted: false,
  },
  {
    id: FAILED_ANALYSIS.id,
    name: FAILED_ANALYSIS.name,
    description: "Quality control of the tiny reference",
    app_id: FAILED_ANALYSIS.appId,
    system_id: "de",
    username: FAILED_ANALYSIS.username,
    status: "Failed",
    startdate: FAILED_ANALYSIS.ran.from,
    enddate: FAILED_ANALYSIS.ran.to,
    resultfolderid: FAILED_ANALYSIS.outputs.folder,
    output: submittedInto(FAILED_ANALYSIS.outputs.folder),
    notify: true,
    config: input(FAILED_ANALYSIS.appId, "0b9b4f2e-1d3c-4a5b-8c7d-000000000021", FAILED_ANALYSIS.input),
    options: {},
    deleted: false,
  },
  {
    id: RUNNING_VICE_ANALYSIS.id,
    name: RUNNING_VICE_ANALYSIS.name,
    description: "Exploring the lake survey in a notebook",
    app_id: RUNNING_VICE_ANALYSIS.appId,
    system_id: "de",
    username: RUNNING_VICE_ANALYSIS.username,
    status: "Running",
    startdate: now - RUNNING_VICE_ANALYSIS.runningForMs,
    enddate: 0,
    resultfolderid: RUNNING_VICE_ANALYSIS.outputFolder,
    output: submittedInto(RUNNING_VICE_ANALYSIS.outputFolder),
    notify: false,
    config: {},
    options: {},
    deleted: false,
    interactive_urls: [interactiveUrl(RUNNING_VICE_ANALYSIS.username, RUNNING_VICE_ANALYSIS.externalId)],
  },
];
