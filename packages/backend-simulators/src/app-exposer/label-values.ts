/**
 * A value as app-exposer puts it in a Kubernetes label (common/labels.go `LabelValueString`): leading and trailing
 * characters other than letters and digits become `h` (a hyphen) or `u` (an underscore), set off by `-xxx-`, then
 * the whole is made a slug by github.com/gosimple/slug v1.15.0 `Make` with `MaxLength` 63.
 */
export function labelValue(value: string): string {
  const replaced = (match: string) =>
    [...match].map((character) => (character === "-" ? "h" : character === "_" ? "u" : "")).join("-");
  const marked = value
    .replace(/^[^0-9A-Za-z]+/u, (match) => `${replaced(match)}-xxx-`)
    .replace(/[^0-9A-Za-z]+$/u, (match) => `-xxx-${replaced(match)}`);
  return slug(marked, 63);
}

// slug's English substitutions, with the default ones it merges into every language (languages_substitution.go).
const SUBSTITUTIONS: Record<string, string> = {
  "&": "and",
  "@": "at",
  '"': "",
  "'": "",
  "’": "",
  "‒": "-",
  "–": "-",
  "—": "-",
  "―": "-",
};

/**
 * slug.go `MakeLang` for English: substitutions, non-ASCII letters without their accents (unidecode; other scripts,
 * which unidecode transliterates, become hyphens here), lower case, every other character a hyphen, runs of hyphens
 * one, no hyphen or underscore at either end, and cut at the last hyphen within `maxLength` (smart truncation).
 */
function slug(value: string, maxLength: number): string {
  const text = [...value.trim()]
    .map((character) => SUBSTITUTIONS[character] ?? character)
    .join("")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9_-]/g, "-")
    .replace(/-+/g, "-")
    .replace(/^[-_]+|[-_]+$/g, "");
  if (text.length <= maxLength) return text;
  const cut = text.lastIndexOf("-", maxLength);
  return cut >= 0 ? text.slice(0, cut) : text.slice(0, maxLength);
}
