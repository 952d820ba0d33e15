import { readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { escapeRegExp } from "./escape-reg-exp.js";

/** Rewrites the positions a line names in the compiled programs as the sources' positions. */
export type PositionMapper = (line: string) => string;

/**
 * The stack's processes run without `--enable-source-maps`: with it, Node reads each program's source maps as it
 * loads (megabytes, since the programs carry their dependencies) and pino's caller lookup maps call sites through
 * them, about 0.4 s of CPU per process at start (docs/performance.md, figure 6). Their output passes through the
 * launcher, which maps the positions it names instead, reading a map only once a line names its program.
 */
export function sourcePositions(bundleDir: string, repoRoot: string): PositionMapper {
  const position = new RegExp(`(?:file://)?${escapeRegExp(bundleDir)}/([^\\s()"'\\\\:]+\\.mjs):(\\d+):(\\d+)`, "g");
  const maps = new Map<string, SourceMap | undefined>();

  const mapOf = (program: string): SourceMap | undefined => {
    if (!maps.has(program)) {
      try {
        maps.set(program, new SourceMap(JSON.parse(readFileSync(`${program}.map`, "utf8"))));
      } catch {
        maps.set(program, undefined); // no map (or not one Node reads): the position stays as it is
      }
    }
    return maps.get(program);
  };

  const sourcePath = (program: string, source: string): string => {
    const path = source.startsWith("file:") ? fileURLToPath(source) : resolve(dirname(program), source);
    const inRepo = relative(repoRoot, path);
    return inRepo.startsWith("..") || isAbsolute(inRepo) ? path : inRepo;
  };

  return (line) => {
    if (!line.includes(bundleDir)) return line;
    return line.replace(position, (whole, file: string, lineText: string, columnText: string) => {
      const program = `${bundleDir}/${file}`;
      const entry = mapOf(program)?.findEntry(Number(lineText) - 1, Number(columnText) - 1);
      if (!entry || !("originalSource" in entry)) return whole;
      return `${sourcePath(program, entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
    });
  };
}
