import { answers } from "../framework/answers.js";
import { callerOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, notFound } from "../framework/problems.js";
import { AppElementListing, AppElements } from "./answer-schemas/elements.js";
import { toolPermission, toolsOf, toolView } from "./tools-store.js";

const idOf = (n: number) => `0e1d2c3b-0000-4000-8000-0000000${String(n).padStart(5, "0")}`;
const named = (base: number, names: readonly string[]) =>
  names.map((name, index) => ({ id: idOf(base + index), name }));
const labelled = (base: number, names: readonly string[]) =>
  named(base, names).map((item) => ({ ...item, label: item.name }));

/** Parameter types and the value type each takes (which rule types apply to it), as de-database's fixtures have them. */
const PARAMETER_TYPES: ReadonlyArray<[string, string]> = [
  ["FileInput", "Input"],
  ["FolderInput", "Input"],
  ["MultiFileSelector", "Input"],
  ["FileFolderInput", "Input"],
  ["FileOutput", "Output"],
  ["FolderOutput", "Output"],
  ["MultiFileOutput", "Output"],
  ["Text", "String"],
  ["MultiLineText", "String"],
  ["Integer", "Number"],
  ["Double", "Number"],
  ["Flag", "Boolean"],
  ["TextSelection", "String"],
  ["IntegerSelection", "Number"],
  ["DoubleSelection", "Number"],
  ["TreeSelection", "String"],
  ["ReferenceGenome", "Input"],
  ["ReferenceSequence", "Input"],
  ["ReferenceAnnotation", "Input"],
  ["EnvironmentVariable", "EnvironmentVariable"],
  ["Info", "String"],
];

/** The type of each argument a rule takes (de-database's `validation_rule_argument_definitions`). */
export type RuleArgumentType = "Integer" | "Double" | "String";

/**
 * The rule types that are not deprecated, in their display order (de-database's fixtures): their subtype, the value
 * types they check, how the app editor describes them and the arguments they take, in order.
 */
const RULE_TYPES: ReadonlyArray<[string, string, string[], string, RuleArgumentType[]]> = [
  ["IntRange", "Integer", ["Number"], "Value must be between: {Number} and {Number}.", ["Integer", "Integer"]],
  ["DoubleRange", "Double", ["Number"], "Value must be between: {Number} and {Number}.", ["Double", "Double"]],
  ["IntAbove", "Integer", ["Number"], "Value must be above: {Number}.", ["Integer"]],
  ["IntBelow", "Integer", ["Number"], "Value must be below: {Number}.", ["Integer"]],
  ["DoubleAbove", "Double", ["Number"], "Value must be above {Number}.", ["Double"]],
  ["DoubleBelow", "Double", ["Number"], "Value must be below {Number}.", ["Double"]],
  ["Regex", "String", ["String", "EnvironmentVariable"], "Value must match regular expression {String}", ["String"]],
  [
    "CharacterLimit",
    "String",
    ["String", "EnvironmentVariable"],
    "Value must contain at most {Number} characters.",
    ["Integer"],
  ],
];

/** The arguments a rule type takes, or undefined for a type the apps service does not know. */
export const ruleArgumentTypes = (ruleType: string): readonly RuleArgumentType[] | undefined =>
  RULE_TYPES.find(([name]) => name === ruleType)?.[4];

const VALUE_TYPES = ["String", "Boolean", "Number", "Input", "Output", "EnvironmentVariable"];

/** The building blocks of app definitions, by element type, as the app editor lists them. */
const STATIC_ELEMENTS: Record<string, Array<Record<string, unknown>>> = {
  "data-sources": labelled(100, ["file", "stdout", "stderr"]).map((item) => ({ ...item, description: item.name })),
  "file-formats": labelled(200, ["Unspecified", "Fasta", "Fastq", "Plain text", "CSV", "TSV", "SAM", "BAM"]),
  "info-types": labelled(300, ["File", "ReferenceGenome", "ReferenceSequence", "ReferenceAnnotation", "Html"]),
  "parameter-types": PARAMETER_TYPES.map(([name, valueType], index) => ({
    id: idOf(400 + index),
    name,
    description: name,
    value_type: valueType,
  })),
  "rule-types": RULE_TYPES.map(([name, subtype, valueTypes, format], index) => ({
    id: idOf(500 + index),
    name,
    description: name,
    subtype,
    value_types: valueTypes,
    rule_description_format: format,
  })),
  "tool-types": labelled(600, ["executable", "interactive", "osg"]).map((item) => ({
    ...item,
    description: item.name,
  })),
  "value-types": named(700, VALUE_TYPES).map((item) => ({ ...item, description: item.name })),
};

/** The key each listing is answered under (file formats are `formats`). */
const keyOf = (type: string) => (type === "file-formats" ? "formats" : type.replace(/-/g, "_"));

/** Apps backend: app elements (parameter types, file formats, tools…) for the app editor. */
export const appElements = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes: (app, _state, all) =>
    backendScope(app, (scope) => {
      const toolsFor = (username: string) =>
        [...toolsOf(all).tools.values()]
          .filter((tool) => toolPermission(toolsOf(all), tool, username))
          .map((tool) => toolView(tool));
      scope.get("/apps/elements", answers({ 200: AppElements }), async (request) => {
        const username = callerOf(request).username;
        const listed = Object.entries(STATIC_ELEMENTS).map(([type, items]) => [keyOf(type), items]);
        return { ...Object.fromEntries(listed), tools: toolsFor(username) };
      });
      scope.get<{ Params: { elementType: string } }>(
        "/apps/elements/:elementType",
        answers({ 200: AppElementListing }),
        async (request) => {
          const username = callerOf(request).username;
          const { elementType } = request.params;
          if (elementType === "tools") return { tools: toolsFor(username) };
          const items = STATIC_ELEMENTS[elementType];
          if (!items) throw notFound(`unknown app element type ${elementType}`);
          return { [keyOf(elementType)]: items };
        },
      );
    }),
});
