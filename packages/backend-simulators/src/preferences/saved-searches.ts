/**
 * What user-info's saved-searches read answers for a stored document: it writes the stored text with
 * `fmt.Fprintf(writer, text)` (searches.go), so Go's formatter reads it as a format string with no arguments: `%%` is
 * a percent sign, any other verb (flags, width and precision included) becomes `%!<verb>(MISSING)`, and a percent
 * sign at the very end `%!(NOVERB)`.
 */
export function asGoFormatString(text: string): string {
  return text.replace(/%([-+# 0]*\d*(?:\.\d*)?)([\s\S]?)/g, (_match, _flags: string, verb: string) => {
    if (verb === "%") return "%";
    return verb === "" ? "%!(NOVERB)" : `%!${verb}(MISSING)`;
  });
}
