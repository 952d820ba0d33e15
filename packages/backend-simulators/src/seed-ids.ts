/** Identifiers of the demo world's apps and tools, which several backends refer to (the apps backend keeps them). */
export const SEED_APP_IDS = {
  wordCount: "c7f05682-23c8-4182-b9a2-e09650a5f49b",
  fastqc: "1b1e7c3a-5c8e-4b1f-9a8e-0d1f2a3b4c5d",
  aliceAligner: "9d2c4e6f-8a0b-4c1d-8e2f-3a4b5c6d7e8f",
  /** The platform's URL import app, which the data service starts for `/secured/fileio/urlupload`. */
  urlImport: "1e8f719b-0452-4d39-a2f3-8714793ee3e6",
  /** An interactive (VICE) app: JupyterLab in the browser. */
  jupyterLab: "7a3c9e51-2b4d-4f6a-8c1e-5d7f9b2a4c60",
} as const;

export const SEED_TOOL_IDS = {
  wc: "4c1b0e72-7e4d-4b8b-9f34-0a6c1f2d3e01",
  fastqc: "4c1b0e72-7e4d-4b8b-9f34-0a6c1f2d3e02",
  aligner: "4c1b0e72-7e4d-4b8b-9f34-0a6c1f2d3e03",
  curl: "4c1b0e72-7e4d-4b8b-9f34-0a6c1f2d3e04",
  jupyterLab: "4c1b0e72-7e4d-4b8b-9f34-0a6c1f2d3e05",
} as const;
