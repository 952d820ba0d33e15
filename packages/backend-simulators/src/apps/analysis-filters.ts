import { badRequest } from "../framework/problems.js";
import { queryText } from "../framework/request-values.js";

/** One condition of the analysis listing's `filter` query: a JSON list of `{field, value}`. */
export interface AnalysisFilter {
  field: string;
  value: string;
}

/** An analysis as the filters see it: its listing fields, whose it is, and the type of job it runs as. */
export type FilteredAnalysis = Record<string, unknown> & { username: string; job_type: string };

const filterError = () => badRequest("filter must be a JSON list of {field, value} objects", "ERR_ILLEGAL_ARGUMENT");

export function filtersOf(query: Record<string, unknown>): AnalysisFilter[] {
  const raw = queryText(query, "filter");
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw filterError();
  }
  if (!Array.isArray(parsed)) throw filterError();
  return parsed.map((item) => {
    const { field, value } = (item ?? {}) as Record<string, unknown>;
    if (typeof field !== "string" || (value !== undefined && value !== null && typeof value !== "string"))
      throw filterError();
    return { field, value: value ?? "" };
  });
}

/** Standard fields: names match in part and in any case; ids exactly, a blank one meaning none (no parent). */
function matchesStandard(analysis: FilteredAnalysis, { field, value }: AnalysisFilter): boolean {
  const actual = analysis[field];
  switch (field) {
    case "app_name":
    case "name":
      return String(actual ?? "")
        .toLowerCase()
        .includes(value.toLowerCase());
    case "id":
    case "parent_id":
      return value.trim() ? actual === value : actual === undefined || actual === null;
    default:
      return actual !== undefined && String(actual) === value;
  }
}

/** The first ownership filter decides: all, mine or theirs; any other value is refused. */
function matchesOwnership(analysis: FilteredAnalysis, username: string, [first]: AnalysisFilter[]): boolean {
  if (!first) return true;
  switch (first.value) {
    case "all":
      return true;
    case "mine":
      return analysis.username === username;
    case "theirs":
      return analysis.username !== username;
    default:
      throw badRequest(`invalid ownership filter value: ${first.value}`);
  }
}

/**
 * Whether an analysis passes the filters as the apps backend applies them: standard conditions are alternatives
 * (any one), the ownership and job type (`DE`, `Interactive`, …) conditions must hold besides.
 */
export function matchesFilters(analysis: FilteredAnalysis, username: string, filters: AnalysisFilter[]): boolean {
  const ownership = filters.filter((filter) => filter.field === "ownership");
  const types = filters.filter((filter) => filter.field === "type");
  const standard = filters.filter((filter) => filter.field !== "ownership" && filter.field !== "type");
  return (
    (standard.length === 0 || standard.some((filter) => matchesStandard(analysis, filter))) &&
    matchesOwnership(analysis, username, ownership) &&
    (types.length === 0 || types.some((filter) => filter.value.toLowerCase() === analysis.job_type.toLowerCase()))
  );
}
