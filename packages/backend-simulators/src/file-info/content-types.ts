import { baseName } from "./paths.js";

/** The info types data-info's detection library knows (its `GET /file-types` list). */
export const FILE_TYPES = [
  "ace",
  "bam",
  "bash",
  "blast",
  "bowtie",
  "clustalw",
  "csv",
  "fasta",
  "fastq",
  "genbank",
  "gff",
  "gtf",
  "ht-analysis-path-list",
  "mothur",
  "multi-input-path-list",
  "newick",
  "nexml",
  "nexus",
  "perl",
  "phylip",
  "python",
  "sam",
  "tsv",
  "vcf",
] as const;

/** The info type for files nothing was detected in. */
export const UNKNOWN_TYPE = "unknown";

const MEDIA_TYPES: Record<string, string> = {
  bin: "application/octet-stream",
  csv: "text/csv",
  fa: "text/plain",
  fasta: "text/plain",
  fastq: "text/plain",
  gif: "image/gif",
  htm: "text/html",
  html: "text/html",
  jpeg: "image/jpeg",
  jpg: "image/jpeg",
  json: "application/json",
  md: "text/markdown",
  pdf: "application/pdf",
  png: "image/png",
  svg: "image/svg+xml",
  tsv: "text/tab-separated-values",
  txt: "text/plain",
  xml: "application/xml",
  zip: "application/zip",
  gz: "application/gzip",
};

const INFO_TYPES: Record<string, string> = {
  csv: "csv",
  tsv: "tsv",
  fa: "fasta",
  fasta: "fasta",
  fastq: "fastq",
  fq: "fastq",
  vcf: "vcf",
  gff: "gff",
  gtf: "gtf",
  sam: "sam",
  bam: "bam",
  nex: "nexus",
  nwk: "newick",
  py: "python",
  pl: "perl",
  sh: "bash",
};

const extensionOf = (path: string): string => {
  const name = baseName(path);
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
};

/** The media type of a file, guessed from its name. */
export const mediaTypeOf = (path: string): string => MEDIA_TYPES[extensionOf(path)] ?? "application/octet-stream";

/** The info type detected for a new file, from its name. */
export const detectedInfoType = (path: string): string => INFO_TYPES[extensionOf(path)] ?? UNKNOWN_TYPE;
