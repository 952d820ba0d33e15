/**
 * Splits text into records of fields: `separator` between fields, lines ending records, double
 * quotes around fields that hold either (a doubled quote inside stands for one), as opencsv reads them.
 */
export function parseCsv(text: string, separator: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === separator) {
      record.push(field);
      field = "";
    } else if (char === "\n") {
      records.push([...record, field.endsWith("\r") ? field.slice(0, -1) : field]);
      record = [];
      field = "";
    } else {
      field += char;
    }
  }
  if (field !== "" || record.length > 0) records.push([...record, field]);
  return records;
}
