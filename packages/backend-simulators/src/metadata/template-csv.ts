import { strToU8, zipSync } from "fflate";
import type { StoredAttribute, StoredTemplate, TemplatesState } from "./template-store.js";

/** CSV the way the backend writes it: a field is quoted only when it holds a comma, quote or line break. */
function csvText(rows: readonly (readonly string[])[]): string {
  const field = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  return rows
    .map((row) => row.map(field).join(","))
    .join("\n")
    .concat("\n");
}

const topLevel = (state: TemplatesState, template: StoredTemplate): StoredAttribute[] =>
  template.attributes.flatMap((id) => state.attributes.get(id) ?? []);

/** One header line to fill in, a column per top-level attribute after the file's name or path. */
export function blankCsv(state: TemplatesState, template: StoredTemplate): string {
  return csvText([["file name or path", ...topLevel(state, template).map((attribute) => attribute.name)]]);
}

/** A line per top-level attribute telling how to fill in the blank CSV. */
export function guideCsv(state: TemplatesState, template: StoredTemplate): string {
  return csvText([
    // Verbatim, the double space included (services/templates.clj format-template-guide).
    [
      "attribute name",
      "attribute description",
      "required (If you cannot provide,  enter 'not collected', 'not applicable' or 'missing'.)",
      "value type definition",
      "enum value options (you must enter one of these values)",
    ],
    ...topLevel(state, template).map((attribute) => [
      attribute.name,
      attribute.description,
      String(attribute.required),
      attribute.type,
      attribute.type === "Enum" ? attribute.values.map((value) => value.value).join(", ") : "",
    ]),
  ]);
}

/** The template's name as a folder name: only letters, digits, `-`, `_` and `.`, the rest `_`. */
const folderName = (name: string) => name.replace(/[^\w.-]/g, "_") || "template";

/** A zip of both CSVs in a folder named after the template: `<name>/blank.csv` and `<name>/guide.csv`. */
export function templateZip(state: TemplatesState, template: StoredTemplate): Buffer {
  const folder = folderName(template.name);
  const zip = zipSync({
    [`${folder}/blank.csv`]: strToU8(blankCsv(state, template)),
    [`${folder}/guide.csv`]: strToU8(guideCsv(state, template)),
  });
  return Buffer.from(zip);
}
