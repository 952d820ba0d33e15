import type { TemplateUpdate } from "./template-schemas.js";
import { addTemplate, type TemplatesState } from "./template-store.js";

/** Identifiers of the seeded templates and of the attributes tests refer to. */
export const SEED_TEMPLATE_IDS = {
  sequencingRun: "5b0e6f3a-2c1d-4e8f-9a7b-1c2d3e4f5a01",
  sampleCollection: "5b0e6f3a-2c1d-4e8f-9a7b-1c2d3e4f5a02",
} as const;

export const SEED_ATTRIBUTE_IDS = {
  instrument: "6c1f7a4b-3d2e-4f9a-8b8c-2d3e4f5a6b01",
  platform: "6c1f7a4b-3d2e-4f9a-8b8c-2d3e4f5a6b02",
  contact: "6c1f7a4b-3d2e-4f9a-8b8c-2d3e4f5a6b03",
  contactEmail: "6c1f7a4b-3d2e-4f9a-8b8c-2d3e4f5a6b04",
  organism: "6c1f7a4b-3d2e-4f9a-8b8c-2d3e4f5a6b05",
} as const;

const SEED_TEMPLATES: TemplateUpdate[] = [
  {
    id: SEED_TEMPLATE_IDS.sequencingRun,
    name: "Sequencing Run",
    description: "How and where a set of reads was produced",
    attributes: [
      {
        id: SEED_ATTRIBUTE_IDS.instrument,
        name: "instrument",
        description: "Instrument model, for example NovaSeq 6000",
        required: true,
        type: "String",
      },
      {
        id: SEED_ATTRIBUTE_IDS.platform,
        name: "platform",
        description: "Sequencing technology",
        required: true,
        type: "Enum",
        values: [
          { id: "7d2a8b5c-4e3f-4a0b-9c9d-3e4f5a6b7c01", value: "Illumina", is_default: true },
          { id: "7d2a8b5c-4e3f-4a0b-9c9d-3e4f5a6b7c02", value: "PacBio", is_default: false },
          { id: "7d2a8b5c-4e3f-4a0b-9c9d-3e4f5a6b7c03", value: "Oxford Nanopore", is_default: false },
        ],
      },
      { name: "read_length", description: "Read length in bases", required: false, type: "Integer" },
      { name: "run_date", description: "When the run finished", required: false, type: "Timestamp" },
      {
        id: SEED_ATTRIBUTE_IDS.contact,
        name: "contact",
        description: "Who to ask about the run",
        required: false,
        type: "Grouping",
        attributes: [
          { name: "name", description: "Full name", required: true, type: "String" },
          {
            id: SEED_ATTRIBUTE_IDS.contactEmail,
            name: "email",
            description: "E-mail address",
            required: false,
            type: "String",
          },
        ],
      },
    ],
  },
  {
    id: SEED_TEMPLATE_IDS.sampleCollection,
    name: "Sample Collection",
    description: "Where, when and from what a sample was taken",
    attributes: [
      {
        id: SEED_ATTRIBUTE_IDS.organism,
        name: "organism",
        description: "Organism sampled, from the NCBI taxonomy",
        required: true,
        type: "OLS Ontology Term",
        settings: { ontology: ["ncbitaxon"], type: "CLASS" },
      },
      {
        name: "collection_site",
        description: 'Place of collection, as "site, country"',
        required: true,
        type: "String",
      },
      { name: "depth_m", description: "Depth in metres", required: false, type: "Number" },
      { name: "public", description: "Whether the sample may be shared", required: false, type: "Boolean" },
      { name: "protocol", description: "Link to the collection protocol", required: false, type: "URL/URI" },
      { name: "notes", description: "Anything else worth knowing", required: false, type: "Multiline Text" },
    ],
  },
];

/** The templates every run starts with, created by the administrator carol. */
export function seededTemplates(): TemplatesState {
  const state: TemplatesState = { templates: new Map(), attributes: new Map() };
  const change = { user: "carol", at: Date.UTC(2026, 0, 15) };
  for (const template of SEED_TEMPLATES) addTemplate(state, template, change);
  return state;
}
