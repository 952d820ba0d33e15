import type { AnalysisRecord } from "./analyses-store.js";

/** The status updates an analysis went through, as the job status listener records them, oldest first. */
export function statusHistoryOf(analysis: AnalysisRecord) {
  const update = (status: string, message: string, at: number) => ({ status, message, timestamp: String(at) });
  const updates = [update("Submitted", "The analysis was submitted", analysis.startdate)];
  if (analysis.status === "Submitted") return updates;
  if (analysis.status !== "Canceled" || analysis.enddate > analysis.startdate + 1000)
    updates.push(update("Running", "The analysis started running", analysis.startdate + 1000));
  if (analysis.status !== "Running") updates.push(update(analysis.status, `The analysis ended`, analysis.enddate));
  return updates;
}
