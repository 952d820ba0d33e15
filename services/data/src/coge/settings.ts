/** Fixed facts of the CoGe integration, as the reference gateway has them (its account is configured: COGE_ACCOUNT). */

/** The folder in each user's home that CoGe exports FASTA files into. */
export const COGE_DATA_FOLDER = "coge_data";

/** Files loaded for viewing go into CoGe's test organism, described as the reference gateway describes them. */
export const GENOME_VIEWER_LOAD = {
  organism_id: 38378,
  metadata: { name: "test", version: "1", type_id: 1, source_name: "test", restricted: true },
} as const;
