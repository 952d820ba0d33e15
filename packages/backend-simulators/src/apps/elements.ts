import { callerOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, notFound } from "../framework/problems.js";
import { toolPermission, toolsOf, toolView } from "./tools.js";

const element = (n: number, name: string, description = name) => ({
  id: `0e1d2c3b-0000-4000-8000-0000000${String(n).padStart(5, "0")}`,
  name,
  label: name,
  description,
});
const elements = (base: number, names: string[]) => names.map((name, index) => element(base + index, name));

/** The building blocks of app definitions, as the app editor lists them. */
const STATIC_ELEMENTS: Record<string, ReturnType<typeof element>[]> = {
  "data-sources": elements(100, ["file", "stdout", "stderr"]),
  "file-formats": elements(200, ["Unspecified", "Fasta", "Fastq", "Plain text", "CSV", "TSV", "SAM", "BAM"]),
  "info-types": elements(300, ["File", "ReferenceGenome", "ReferenceSequence", "ReferenceAnnotation", "Html"]),
  "parameter-types": elements(400, [
    "FileInput",
    "FolderInput",
    "MultiFileSelector",
    "FileOutput",
    "Text",
    "Integer",
    "Double",
    "Flag",
    "TextSelection",
    "ReferenceGenome",
    "EnvironmentVariable",
    "Info",
  ]),
  "rule-types": elements(500, [
    "IntAbove",
    "IntBelow",
    "IntRange",
    "DoubleAbove",
    "DoubleBelow",
    "Regex",
    "CharacterLimit",
  ]),
  "tool-types": elements(600, ["executable", "interactive", "osg"]),
  "value-types": elements(700, ["String", "Integer", "Double", "Boolean", "Input", "Output", "EnvironmentVariable"]),
};

const keyOf = (type: string) => type.replace(/-/g, "_");

/** Apps backend: app elements (parameter types, file formats, tools…) for the app editor. */
export const appElements = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes: (app, _state, all) =>
    backendScope(app, (scope) => {
      const toolsFor = (username: string) =>
        [...toolsOf(all).tools.values()]
          .filter((tool) => toolPermission(toolsOf(all), tool, username))
          .map((tool) => toolView(tool));
      scope.get("/apps/elements", async (request) => {
        const username = callerOf(request).username;
        const listed = Object.entries(STATIC_ELEMENTS).map(([type, items]) => [keyOf(type), items]);
        return { ...Object.fromEntries(listed), tools: toolsFor(username) };
      });
      scope.get<{ Params: { elementType: string } }>("/apps/elements/:elementType", async (request) => {
        const username = callerOf(request).username;
        const { elementType } = request.params;
        if (elementType === "tools") return { tools: toolsFor(username) };
        const items = STATIC_ELEMENTS[elementType];
        if (!items) throw notFound(`unknown app element type ${elementType}`);
        return { [keyOf(elementType)]: items };
      });
    }),
});
