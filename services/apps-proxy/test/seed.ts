/** Identifiers of the simulators' demo data (packages/backend-simulators/src/apps/seed-ids.ts and seeds). */
export const WORD_COUNT = "c7f05682-23c8-4182-b9a2-e09650a5f49b";
export const FASTQC = "1b1e7c3a-5c8e-4b1f-9a8e-0d1f2a3b4c5d";
export const ALICES_ALIGNER = "9d2c4e6f-8a0b-4c1d-8e2f-3a4b5c6d7e8f";
export const WC_TOOL = "4c1b0e72-7e4d-4b8b-9f34-0a6c1f2d3e01";
export const ALIGNER_TOOL = "4c1b0e72-7e4d-4b8b-9f34-0a6c1f2d3e03";
export const WORD_COUNT_INPUT = `${WORD_COUNT}_0b9b4f2e-1d3c-4a5b-8c7d-000000000011`;
export const ALICES_ANALYSIS = "d6e5f4a3-0000-4000-8000-000000000001";
export const PUBLIC_QUICK_LAUNCH = "e7f6a5b4-0000-4000-8000-000000000001";
export const ALICES_QUICK_LAUNCH = "e7f6a5b4-0000-4000-8000-000000000002";
export const GRCH38 = "f8a7b6c5-0000-4000-8000-000000000001";
export const ONTOLOGY_VERSION = "http://edamontology.org/1.0/2026/01/15/00-00-00.0";
export const OPERATION_ROOT = "http://edamontology.org/operation_0004";
export const TOPIC_ROOT = "http://edamontology.org/topic_0003";
export const URL_IMPORT = "1e8f719b-0452-4d39-a2f3-8714793ee3e6";
