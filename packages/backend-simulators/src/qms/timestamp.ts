/**
 * The dates of a bulk subscription's entries as QMS decodes them (internal/qmsapi/model/timestamp/timestamp.go):
 * `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM:SS` (both in the server's zone, UTC here) or RFC 3339 without fractions; null or
 * "" leave a date unset. Anything else fails the decoding of the whole body with the error Go gives.
 */
const LAYOUTS = [
  /^(\d{4})-(\d{2})-(\d{2})$/,
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/,
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:Z|([+-])(\d{2}):(\d{2}))$/,
];

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** The offset from UTC in minutes. */
  offset: number;
}

/** time.ParseInLocation's range checks, in the order it makes them: the name of the first field out of range. */
function outOfRange({ year, month, day, hour, minute, second }: Fields, offsetHour: number, offsetMinute: number) {
  if (month < 1 || month > 12) return "month";
  if (hour >= 24) return "hour";
  if (minute >= 60) return "minute";
  if (second >= 60) return "second";
  if (offsetHour > 24) return "time zone offset hour";
  if (offsetMinute > 60) return "time zone offset minute";
  if (day < 1 || day > daysIn(year, month)) return "day";
  return undefined;
}

function parseTimestamp(value: unknown): Date | undefined {
  if (value === null || value === "") return undefined;
  // Timestamp.UnmarshalJSON unquotes the JSON value first, which fails for anything but a string.
  if (typeof value !== "string") throw new Error("invalid syntax");
  const match = LAYOUTS.map((layout) => layout.exec(value)).find(Boolean);
  if (!match) throw new Error(`unrecognized timestamp layout: ${value}`);
  const number = (index: number) => Number(match[index] ?? 0);
  const [offsetHour, offsetMinute] = [number(8), number(9)];
  const fields: Fields = {
    year: number(1),
    month: number(2),
    day: number(3),
    hour: number(4),
    minute: number(5),
    second: number(6),
    offset: (match[7] === "-" ? -1 : 1) * (offsetHour * 60 + offsetMinute),
  };
  const invalid = outOfRange(fields, offsetHour, offsetMinute);
  if (invalid) throw new Error(`parsing time ${JSON.stringify(value)}: ${invalid} out of range`);
  const { year, month, day, hour, minute, second, offset } = fields;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - offset * 60_000);
}

type Dates = { start_date?: Date; end_date?: Date };

/**
 * An entry with its start and end dates decoded, in the order its JSON names them, as Go's decoder meets them. A
 * date it cannot read throws the text QMS answers: echo's binder wraps the decoding error as an HTTP error, which the
 * controller quotes (controllers/subscriptions.go AddSubscriptions).
 */
export function decodedEntry<T extends Record<string, unknown>>(entry: T): Omit<T, keyof Dates> & Dates {
  const { start_date: _start, end_date: _end, ...rest } = entry;
  const dates: Dates = {};
  for (const [key, value] of Object.entries(entry)) {
    if (key !== "start_date" && key !== "end_date") continue;
    try {
      const date = parseTimestamp(value);
      if (date) dates[key] = date;
    } catch (error) {
      const message = (error as Error).message;
      throw new Error(`invalid request body: code=400, message=${message}, internal=${message}`);
    }
  }
  return { ...rest, ...dates };
}
