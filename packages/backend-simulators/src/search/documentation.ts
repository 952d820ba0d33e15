import { SORT_FIELDS } from "./sorting.js";

type Arguments = Record<string, { type: string; summary: string }>;
const clause = (summary: string, args: Arguments) => ({ summary, args });

const RANGE = (what: string): Arguments => ({
  from: { type: "string", summary: `the lowest ${what} matched (inclusive); may be left out` },
  to: { type: "string", summary: `the highest ${what} matched (inclusive); may be left out` },
});

/** `GET /data/documentation`: each clause type with its arguments, and the sort fields. */
export function searchDocumentation() {
  return {
    clauses: {
      label: clause("Matches the label (the file or folder name)", {
        label: { type: "string", summary: "the text to match; each word may match anywhere in the name" },
        exact: { type: "bool", summary: "match the text as given, wildcards (* and ?) only where written" },
      }),
      path: clause("Matches the full path by its beginning", {
        prefix: { type: "string", summary: "what the path must begin with" },
      }),
      owner: clause("Matches the owners", {
        owner: { type: "string", summary: "an owner's name; without a # and zone, the name in any zone" },
      }),
      permissions: clause("Matches the access given to users and groups", {
        users: { type: "[]string", summary: "user or group names; without a # and zone, in any zone unless exact" },
        permission: { type: "string", summary: "read, write or own" },
        permission_recurse: { type: "bool", summary: "read also matches write and own, write also own" },
        exact: { type: "bool", summary: "match the names as given, no zone added" },
      }),
      created: clause("Matches the creation date", RANGE("date (ms since the epoch, YYYY-MM-DD or ISO 8601)")),
      modified: clause(
        "Matches the last modification date",
        RANGE("date (ms since the epoch, YYYY-MM-DD or ISO 8601)"),
      ),
      size: clause(
        "Matches the file size; only files match, folders have none",
        RANGE("size (bytes, or N KB|MB|GB|TB)"),
      ),
      tag: clause("Matches what any of the caller's tags is attached to", {
        tags: { type: "[]string", summary: "tag UUIDs, every one of them the caller's own" },
      }),
      metadata: clause("Matches an AVU of the metadata; give at least one of attribute, value and unit", {
        attribute: { type: "string", summary: "the attribute to match" },
        value: { type: "string", summary: "the value to match" },
        unit: { type: "string", summary: "the unit to match" },
        metadata_types: { type: "[]string", summary: "irods, cyverse or both (the default)" },
        attribute_exact: { type: "bool", summary: "match the attribute as given" },
        value_exact: { type: "bool", summary: "match the value as given" },
        unit_exact: { type: "bool", summary: "match the unit as given" },
      }),
    },
    sortFields: Object.keys(SORT_FIELDS),
  };
}
