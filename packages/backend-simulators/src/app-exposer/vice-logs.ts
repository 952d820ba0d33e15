import type { FastifyInstance } from "fastify";
import { answers } from "../framework/answers.js";
import { LogEntry } from "./answer-schemas.js";
import { echoError, operatorRefused } from "./errors.js";
import { podName } from "./resource-listing.js";
import { isReady, type ViceAnalysis } from "./vice-analyses.js";
import { operatorOf, type ViceState } from "./vice-state.js";

type Query = Record<string, unknown>;

const first = (query: Query, name: string): string => {
  const value = query[name];
  const given = Array.isArray(value) ? value[0] : value;
  return typeof given === "string" ? given : "";
};

/** Go's strconv.ParseBool and ParseInt (base 10), which the operator parses these parameters with. */
const BOOLEANS: Record<string, boolean> = { 1: true, t: true, T: true, TRUE: true, true: true, True: true };
for (const text of ["0", "f", "F", "FALSE", "false", "False"]) BOOLEANS[text] = false;
const INTEGER = /^[+-]?\d+$/;

/** The operator's refusal of a parameter it cannot parse, which app-exposer answers as its own 500. */
const refusedParameter = (name: string, value: string, kind: string) =>
  operatorRefused("logs", 400, `invalid '${name}' value ${JSON.stringify(value)}: ${kind}`);

/** operator/handlers_status.go `HandleLogs`: the typed parameters, each refused when it does not parse. */
function logOptions(query: Query) {
  const flag = (name: string) => {
    const value = first(query, name);
    if (value !== "" && BOOLEANS[value] === undefined) throw refusedParameter(name, value, "must be a boolean");
    return BOOLEANS[value] ?? false;
  };
  const integer = (name: string, kind: string) => {
    const value = first(query, name);
    if (value !== "" && !INTEGER.test(value)) throw refusedParameter(name, value, kind);
    return value === "" ? undefined : Number(value);
  };
  const previous = flag("previous");
  const since = integer("since", "must be an integer number of seconds");
  const sinceTime = integer("since-time", "must be a unix timestamp in seconds");
  const tailLines = integer("tail-lines", "must be a non-negative integer");
  const timestamps = flag("timestamps");
  return { previous, since, sinceTime, tailLines, timestamps, container: first(query, "container") || "analysis" };
}

/** Kubernetes' RFC 3339 time with nanoseconds, trailing zeros dropped, that `timestamps` puts before each line. */
const kubernetesTimestamp = (ms: number) => new Date(ms).toISOString().replace(/\.?0+Z$/, "Z");

/**
 * What Kubernetes refuses of the log options (the pod's log request fails, the operator answers 500): tail lines
 * below 0, `since` below 1, both `since` and `since-time`, a container the pod does not have, or the previous run of
 * a container that never restarted.
 */
function kubernetesRefusal(pod: string, options: ReturnType<typeof logOptions>): string | undefined {
  const invalid = (field: string, value: unknown, why: string) =>
    `PodLogOptions "${pod}" is invalid: ${field}: Invalid value: ${value}: ${why}`;
  if (options.tailLines !== undefined && options.tailLines < 0) {
    return invalid("tailLines", options.tailLines, "must be greater than or equal to 0");
  }
  if (options.since !== undefined && options.since < 1)
    return invalid("sinceSeconds", options.since, "must be greater than 0");
  if (options.since !== undefined && options.sinceTime !== undefined) {
    return `PodLogOptions "${pod}" is invalid: sinceSeconds: Forbidden: at most one of \`sinceTime\` or \`sinceSeconds\` may be specified`;
  }
  if (options.container !== "analysis") return `container ${options.container} is not valid for pod ${pod}`;
  if (options.previous) return `previous terminated container "analysis" in pod "${pod}" not found`;
  return undefined;
}

/**
 * An analysis's container logs (httphandlers/logs.go, operator/handlers_status.go `HandleLogs`): what happened to it
 * since `since-time` (epoch seconds) or the last `since` seconds, the last `tail-lines` of it, and the time of this
 * answer in epoch seconds to ask from next. The lines are the log split at each newline, so the last is empty.
 */
export function logRoutes(app: FastifyInstance, state: () => ViceState): void {
  const logText = (analysis: ViceAnalysis, options: ReturnType<typeof logOptions>, now: number) => {
    const events = [...analysis.events];
    if (isReady(analysis, now)) events.push({ at: analysis.readyAt, line: "analysis is listening on port 8888" });
    const from =
      options.sinceTime !== undefined
        ? options.sinceTime * 1000
        : options.since !== undefined
          ? now - options.since * 1000
          : 0;
    const lines = events
      .filter((event) => event.at >= from)
      .map((event) => (options.timestamps ? `${kubernetesTimestamp(event.at)} ${event.line}` : event.line));
    const kept = options.tailLines === undefined ? lines : lines.slice(lines.length - options.tailLines);
    return kept.map((line) => `${line}\n`).join("");
  };

  app.get<{ Params: { analysisId: string }; Querystring: Query }>(
    "/vice/:analysisId/logs",
    answers({ 200: LogEntry }),
    async (request) => {
      const { analysisId } = request.params;
      if (!operatorOf(state(), analysisId)) throw echoError(404, "analysis not found on any operator");
      const options = logOptions(request.query);
      const analysis = state().analyses.get(analysisId);
      if (!analysis) throw operatorRefused("logs", 404, "no pods found for analysis");
      const refusal = kubernetesRefusal(podName(analysis), options);
      if (refusal) throw operatorRefused("logs", 500, refusal);
      const now = Date.now();
      return { since_time: String(Math.floor(now / 1000)), lines: logText(analysis, options, now).split("\n") };
    },
  );
}
