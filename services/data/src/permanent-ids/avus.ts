/** An attribute-value-unit triple as the file-info and metadata backends give them; template AVUs may nest. */
export interface Avu {
  attr: string;
  value: string;
  unit?: string;
  avus?: Avu[];
}

/** The trimmed value of the first AVU with this attribute, or `undefined` when there is none or it is blank. */
export function firstValue(avus: readonly Avu[], attr: string): string | undefined {
  const value = String(avus.find((avu) => avu.attr === attr)?.value ?? "").trim();
  return value === "" ? undefined : value;
}
