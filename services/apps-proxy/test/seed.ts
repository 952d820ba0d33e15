/** Identifiers of the simulators' demo data (packages/backend-simulators/src/seed-ids.ts and seeds). */
export const WORD_COUNT = "c7f05682-23c8-4182-b9a2-e09650a5f49b";
export const FASTQC = "1b1e7c3a-5c8e-4b1f-9a8e-0d1f2a3b4c5d";
export const ALICES_ALIGNER = "9d2c4e6f-8a0b-4c1d-8e2f-3a4b5c6d7e8f";
export const WC_TOOL = "4c1b0e72-7e4d-4b8b-9f34-0a6c1f2d3e01";
export const ALIGNER_TOOL = "4c1b0e72-7e4d-4b8b-9f34-0a6c1f2d3e03";
export const WORD_COUNT_INPUT = `${WORD_COUNT}_0b9b4f2e-1d3c-4a5b-8c7d-000000000011`;
/** Word Count's `-l` flag (count lines only), as the launch form keys it. */
export const WORD_COUNT_LINES_FLAG = `${WORD_COUNT}_0b9b4f2e-1d3c-4a5b-8c7d-000000000012`;
export const ALICES_ANALYSIS = "d6e5f4a3-0000-4000-8000-000000000001";
export const PUBLIC_QUICK_LAUNCH = "e7f6a5b4-0000-4000-8000-000000000001";
export const ALICES_QUICK_LAUNCH = "e7f6a5b4-0000-4000-8000-000000000002";
export const GRCH38 = "f8a7b6c5-0000-4000-8000-000000000001";
export const ONTOLOGY_VERSION = "http://edamontology.org/1.0/2026/01/15/00-00-00.0";
export const OPERATION_ROOT = "http://edamontology.org/operation_0004";
export const TOPIC_ROOT = "http://edamontology.org/topic_0003";
export const URL_IMPORT = "1e8f719b-0452-4d39-a2f3-8714793ee3e6";
/** The demo world's (packages/backend-simulators/src/demo-world.ts): alice's JupyterLab app, its analyses, requests. */
export const JUPYTER_LAB = "7a3c9e51-2b4d-4f6a-8c1e-5d7f9b2a4c60";
export const ALICES_FAILED_ANALYSIS = "d6e5f4a3-0000-4000-8000-000000000002";
/** alice's JupyterLab session, running in app-exposer since the start. */
export const ALICES_VICE_ANALYSIS = "d6e5f4a3-0000-4000-8000-000000000003";
export const JUPYTER_QUICK_LAUNCH = "e7f6a5b4-0000-4000-8000-000000000003";
/** carol's instant launch of it, on the dashboard and in the listing. */
export const JUPYTER_INSTANT_LAUNCH = "a7c3e5f1-0000-4000-8000-000000000001";
/** bob's open request for VICE access. */
export const BOBS_VICE_REQUEST = "5e6f7a8b-0000-4000-8000-000000000001";
/** The tasks of Word Count's and FastQC's versions, as `GET /apps/de/{app-id}/tasks` lists them. */
export const WORD_COUNT_TASK = "c7f05682-0000-4000-9000-000000000001";
export const FASTQC_TASK = "1b1e7c3a-0000-4000-9000-000000000001";
/**
 * A pipeline's steps and mappings as the workflow editor saves them (sonora's `formatWorkflowSubmission`): Word Count's
 * counts (its output) become FastQC's reads (its input).
 */
export const COUNT_THEN_CHECK = {
  steps: [
    { name: "Word Count", description: "", system_id: "de", task_id: WORD_COUNT_TASK, app_type: "DE" },
    { name: "FastQC", description: "", system_id: "de", task_id: FASTQC_TASK, app_type: "DE" },
  ],
  mappings: [
    {
      source_step: 0,
      target_step: 1,
      map: { "0b9b4f2e-1d3c-4a5b-8c7d-000000000021": "0b9b4f2e-1d3c-4a5b-8c7d-000000000013" },
    },
  ],
};
