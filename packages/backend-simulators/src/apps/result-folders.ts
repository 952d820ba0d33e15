/** Where a submission asked its results to go: what a relaunch submits again (`jobs/resubmit.clj`). */
export interface OutputRequest {
  output_dir: string;
  /** Whether the results go to a folder of their own inside `output_dir` (the default) or to `output_dir` itself. */
  create_output_subdir: boolean;
}

/**
 * The submission's `output_dir`, without a trailing slash (file-utils `rm-last-slash`), and `create_output_subdir`
 * (true unless the submission says false).
 */
export const outputRequestOf = (submission: Record<string, unknown>, outputDir: string): OutputRequest => ({
  output_dir: outputDir.replace(/\/+$/, ""),
  create_output_subdir: submission.create_output_subdir !== false,
});

/** Joda's `yyyy-MM-dd-HH-mm-ss.S` of a UTC time: its one `S` is the tenth of a second, rounded down. */
function jobTimestamp(at: number): string {
  const iso = new Date(at).toISOString();
  return `${iso.slice(0, 10)}-${iso.slice(11, 13)}-${iso.slice(14, 16)}-${iso.slice(17, 19)}.${iso.slice(20, 21)}`;
}

/**
 * clojure-commons file-utils `build-result-folder-path`: the analysis's name, white space and `@` made `_`, and the
 * time of the submission, in a folder of `output_dir`; or `output_dir` itself when the submission asked for no folder.
 */
export function resultFolderOf(output: OutputRequest, name: string, at: number): string {
  if (!output.create_output_subdir) return output.output_dir;
  return `${output.output_dir}/${name.replace(/[\s@]/g, "_")}-${jobTimestamp(at)}`;
}

/** `resubmit.clj` `format-redo-name`: `-redo-1` appended, or the number of an ending `-redo-N` increased. */
export function redoName(original: string): string {
  const redo = /^(.*-redo-)(\d+)$/.exec(original);
  return redo ? `${redo[1]}${Number(redo[2]) + 1}` : `${original}-redo-1`;
}

/**
 * What a relaunch asks for (`format-resubmission-output-dir`): with a folder of its own, the same request, which
 * names a new folder by the relaunch's time; without, the same `output_dir` with `-redo-N`.
 */
export const relaunchedOutput = (output: OutputRequest): OutputRequest =>
  output.create_output_subdir ? output : { ...output, output_dir: redoName(output.output_dir) };
