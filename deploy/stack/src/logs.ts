import { prettyFactory } from "pino-pretty";

export type LineSink = (name: string, line: string) => void;

interface RequestEntry {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** A request's line reads as what happened to it (method, URL, and status and time once answered); its ids stay beside it. */
function messageOf(log: Record<string, unknown>, messageKey: string): string {
  const message = String(log[messageKey] ?? "");
  const { req, res, responseTime } = log as RequestEntry;
  if (!req?.method) return message;
  const status = res?.statusCode === undefined ? "" : ` ${res.statusCode}`;
  const time = typeof responseTime === "number" ? ` in ${responseTime.toFixed(1)} ms` : "";
  return `${message}: ${req.method} ${req.url}${status}${time}`;
}

/** Development output: JSON log lines made readable, one per entry, prefixed with the process's name. */
export function prettyLines(out: NodeJS.WriteStream = process.stdout): LineSink {
  const prettify = prettyFactory({
    colorize: Boolean(out.isTTY),
    singleLine: true,
    translateTime: "SYS:HH:MM:ss.l",
    messageFormat: messageOf,
    // A request's method, URL, status and time are in its message; its host and remote port are of no use here.
    ignore: "pid,hostname,name,req,res,responseTime",
  });
  return (name, line) => {
    const readable = line.startsWith("{") ? prettify(line).trimEnd() : line;
    out.write(`[${name}] ${readable}\n`);
  };
}
