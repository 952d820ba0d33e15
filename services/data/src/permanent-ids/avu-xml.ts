import { type Avu, firstValue } from "./avus.js";

/** An XML attribute taken from one of an AVU's nested AVUs. */
export interface XmlAttributeRule {
  /** The XML attribute, e.g. `titleType` or `xml:lang`; also the nested AVU's name unless `from` says otherwise. */
  name: string;
  from?: string;
  required?: boolean;
  /** The only values allowed, when the schema enumerates them. */
  allowed?: readonly string[];
  /** Used when the nested AVU is absent. */
  fallback?: string;
}

/** What is wrong with an AVU's value, if anything. */
export type ValueCheck = (value: string) => string | undefined;

/** How many AVUs of one name a level of the metadata must hold. */
interface Occurrence {
  attr: string;
  min: number;
  max: number;
}

/**
 * How AVUs become elements. `wrapper`: an element of its own that holds whatever its rules make of the same
 * AVUs (`<creators>`); `value`: the AVU's value as the element's text; `named`: the value in an inner element
 * (`<creator><creatorName>`), then elements made of the nested AVUs; `group`: only elements made of the nested
 * AVUs (`<geoLocation>`). Elements with nothing in them are left out.
 */
export type ElementRule =
  | { kind: "wrapper"; tag: string; children: readonly ElementRule[] }
  | (Occurrence & {
      kind: "value";
      tag: string;
      attributes?: readonly XmlAttributeRule[];
      check?: ValueCheck;
      format?: (value: string) => string;
    })
  | (Occurrence & {
      kind: "named";
      tag: string;
      nameTag: string;
      attributes?: readonly XmlAttributeRule[];
      children: readonly ElementRule[];
    })
  | (Occurrence & { kind: "group"; tag: string; children: readonly ElementRule[] });

const needsValue: ValueCheck = (value) => (value === "" ? "needs a value" : undefined);

const text = (avu: Avu) => String(avu.value ?? "").trim();
const nested = (avu: Avu) => avu.avus ?? [];
const located = (location: string, attr: string) => (location ? `${location}.${attr}` : attr);
const expected = ({ min, max }: Occurrence) =>
  max === Number.POSITIVE_INFINITY ? `at least ${min}` : min === max ? `exactly ${min}` : `${min} to ${max}`;

function attributeProblems(rules: readonly XmlAttributeRule[], avus: readonly Avu[], location: string): string[] {
  return rules.flatMap((rule) => {
    const value = firstValue(avus, rule.from ?? rule.name);
    if (value === undefined) return rule.required ? [`${location} needs a nested ${rule.from ?? rule.name}`] : [];
    if (rule.allowed && !rule.allowed.includes(value)) {
      return [`${location}: ${rule.name} "${value}" is not one of ${rule.allowed.join(", ")}`];
    }
    return [];
  });
}

/** Every way the AVUs of one level break the rules, each named by its location (`creator.nameIdentifier`). */
export function problemsIn(rules: readonly ElementRule[], avus: readonly Avu[], location = ""): string[] {
  return rules.flatMap((rule) => {
    if (rule.kind === "wrapper") return problemsIn(rule.children, avus, location);
    const here = located(location, rule.attr);
    const found = avus.filter((avu) => avu.attr === rule.attr);
    const count =
      found.length < rule.min || found.length > rule.max
        ? [`${here}: found ${found.length}, expected ${expected(rule)}`]
        : [];
    return [
      ...count,
      ...found.flatMap((avu) => {
        if (rule.kind === "group") return problemsIn(rule.children, nested(avu), here);
        const check = rule.kind === "value" ? (rule.check ?? needsValue) : needsValue;
        const valueProblem = check(text(avu));
        return [
          ...(valueProblem ? [`${here} ${valueProblem}`] : []),
          ...attributeProblems(rule.attributes ?? [], nested(avu), here),
          ...(rule.kind === "named" ? problemsIn(rule.children, nested(avu), here) : []),
        ];
      }),
    ];
  });
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
export const escapeXml = (value: string) => value.replace(/[&<>"']/g, (character) => ESCAPES[character] as string);

function openingTag(tag: string, rules: readonly XmlAttributeRule[], avus: readonly Avu[]): string {
  const attributes = rules
    .map((rule) => [rule.name, firstValue(avus, rule.from ?? rule.name) ?? rule.fallback] as const)
    .filter((pair): pair is readonly [string, string] => pair[1] !== undefined && pair[1] !== "")
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`);
  return `<${tag}${attributes.join("")}>`;
}

/** The elements the AVUs make, in rule order; call `problemsIn` first. */
export function elementsOf(rules: readonly ElementRule[], avus: readonly Avu[]): string {
  return rules
    .map((rule) => {
      if (rule.kind === "wrapper") {
        const inner = elementsOf(rule.children, avus);
        return inner ? `<${rule.tag}>${inner}</${rule.tag}>` : "";
      }
      return avus
        .filter((avu) => avu.attr === rule.attr)
        .map((avu) => {
          if (rule.kind === "group") {
            const inner = elementsOf(rule.children, nested(avu));
            return inner ? `<${rule.tag}>${inner}</${rule.tag}>` : "";
          }
          const value = text(avu);
          if (value === "") return "";
          const open = openingTag(rule.tag, rule.attributes ?? [], nested(avu));
          if (rule.kind === "named") {
            const name = `<${rule.nameTag}>${escapeXml(value)}</${rule.nameTag}>`;
            return `${open}${name}${elementsOf(rule.children, nested(avu))}</${rule.tag}>`;
          }
          return `${open}${escapeXml(rule.format ? rule.format(value) : value)}</${rule.tag}>`;
        })
        .join("");
    })
    .join("");
}
