import { basename } from "node:path/posix";
import { objectFields } from "../framework/json-object.js";
import { bodyObject } from "../framework/request-values.js";

// The command-line preview as the apps service makes it: it turns the app's parameters, with the values the editor
// sends, into the job executor's name/value/order list (apps src/apps/translations/app_metadata/
// external_to_preview.clj), and the job executor answers `{"params": "<the command line>"}` (jex-adapter's
// `PreviewerReturn`, written by cyverse-de/model's `PreviewableStepParam.String`). The apps service passes that on.

type Parameter = Record<string, unknown>;
interface Argument {
  name: string;
  value: string;
  order: number;
}

/** Clojure's `str`: nothing for nil, the text of anything else. */
const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));
const orderOf = (parameter: Parameter) => Number(parameter.order ?? 0) || 0;
const fileParameters = (parameter: Parameter) => objectFields(parameter.file_parameters);
const isImplicit = (parameter: Parameter) => fileParameters(parameter).is_implicit === true;

const argument = (parameter: Parameter, value: unknown): Argument => ({
  name: "name" in parameter ? text(parameter.name) : "--unnamed-parameter",
  value: text(value),
  order: orderOf(parameter),
});

/** A selection's chosen `{name, value}`, when it has either. */
function chosen(selection: unknown, order: number): Argument[] {
  const { name, value } = objectFields(selection);
  const picked = { name: text(name), value: text(value), order };
  return picked.name || picked.value ? [picked] : [];
}

/** An input's file, by its name only; none for an implicit input or one without a path. */
function inputFile(parameter: Parameter, file: unknown): Argument[] {
  const path = text(objectFields(file).path);
  return isImplicit(parameter) || !path.trim() ? [] : [argument(parameter, basename(path))];
}

function argumentsOf(parameter: Parameter): Argument[] {
  const type = text(parameter.type);
  if (type === "Flag")
    return text(parameter.value ?? "false").toLowerCase() === "true" ? [argument(parameter, "")] : [];
  if (type === "TreeSelection") {
    const chosenValues = parameter.defaultValue;
    return Array.isArray(chosenValues) ? chosenValues.flatMap((value) => chosen(value, orderOf(parameter))) : [];
  }
  if (type.endsWith("Selection")) return chosen(parameter.defaultValue, orderOf(parameter));
  if (type.endsWith("Input")) return inputFile(parameter, parameter.value);
  if (type === "MultiFileSelector") {
    return Array.isArray(parameter.value) ? parameter.value.flatMap((file) => inputFile(parameter, file)) : [];
  }
  if (type.endsWith("Output")) {
    if (isImplicit(parameter) || fileParameters(parameter).data_source !== "file") return [];
    return [argument(parameter, text(parameter.value).trim() ? parameter.value : "file")];
  }
  if (type === "EnvironmentVariable") return [];
  return [argument(parameter, parameter.value)];
}

/** `POST /apps/arg-preview`'s answer for an app definition whose parameters carry values. */
export function argumentPreview(body: unknown) {
  const groups = bodyObject(body).groups;
  const parameters = (Array.isArray(groups) ? groups : []).flatMap((group) => {
    const listed = objectFields(group).parameters;
    return Array.isArray(listed) ? listed.map(objectFields) : [];
  });
  const line = parameters
    .flatMap(argumentsOf)
    .sort((a, b) => a.order - b.order)
    .map(({ name, value }) => `${name} ${value} `)
    .join("");
  return { params: line.trim() };
}
