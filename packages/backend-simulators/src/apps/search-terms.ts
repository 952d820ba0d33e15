/**
 * A search term as the apps backend reads it: found anywhere in the text, in any case, where `*` stands for any
 * run of characters and `?` for any one character (so `*` alone, which the web client sends for "no search", finds
 * everything); every other character stands for itself.
 */
export function searchMatcher(term: string | undefined): (...texts: string[]) => boolean {
  if (!term) return () => true;
  const pattern = [...term]
    .map((character) => {
      if (character === "*") return ".*";
      if (character === "?") return ".";
      return character.replace(/[\\^$.|+()[\]{}]/g, "\\$&");
    })
    .join("");
  const expression = new RegExp(pattern, "is");
  return (...texts) => texts.some((text) => expression.test(text));
}
