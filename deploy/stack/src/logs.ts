import { prettyFactory } from "pino-pretty";

export type LineSink = (name: string, line: string) => void;

/** Development output: JSON log lines made readable, one per entry, prefixed with the process's name. */
export function prettyLines(out: NodeJS.WriteStream = process.stdout): LineSink {
  const prettify = prettyFactory({
    colorize: Boolean(out.isTTY),
    singleLine: true,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname,name",
  });
  return (name, line) => {
    const readable = line.startsWith("{") ? prettify(line).trimEnd() : line;
    out.write(`[${name}] ${readable}\n`);
  };
}
