/** A genome as CoGe describes it in search results. */
export interface Genome {
  id: number;
  name: string | null;
  description: string | null;
  version: string | null;
  info: string | null;
  link: string | null;
  organism_id: number;
  organism: Organism;
  sequence_type: { id: string; name: string; description: string | null };
  chromosome_count: number | null;
  restricted: boolean;
  certified: boolean;
  deleted: boolean;
  /** Who may see a restricted genome (not part of CoGe's answer). */
  readers: readonly string[];
}

export interface Organism {
  id: number;
  name: string;
  description: string | null;
}

export interface GenomeState {
  organisms: Map<number, Organism>;
  genomes: Map<number, Genome>;
}

/** The organism terrain files every genome-viewer load under. */
export const TEST_ORGANISM_ID = 38378;

const ORGANISMS: readonly Organism[] = [
  { id: 7, name: "Arabidopsis thaliana Col-0 (thale cress)", description: "Eukaryota; Viridiplantae; Brassicaceae" },
  { id: 333, name: "Zea mays subsp. mays (maize)", description: "Eukaryota; Viridiplantae; Poaceae" },
  { id: 3068, name: "Oryza sativa Japonica Group (rice)", description: "Eukaryota; Viridiplantae; Poaceae" },
  { id: 1035, name: "Sorghum bicolor (sorghum)", description: "Eukaryota; Viridiplantae; Poaceae" },
  { id: TEST_ORGANISM_ID, name: "test", description: "Organism for genomes loaded to be viewed" },
];

const unmasked = { id: "1", name: "unmasked", description: "unmasked sequence data" };

type GenomeSeed = Pick<Genome, "id" | "name" | "version" | "organism_id" | "chromosome_count"> &
  Partial<Pick<Genome, "description" | "restricted" | "certified" | "readers" | "link">>;

const GENOMES: readonly GenomeSeed[] = [
  { id: 16911, name: "TAIR10", version: "10", organism_id: 7, chromosome_count: 7, certified: true },
  { id: 19870, name: "B73 RefGen_v3", version: "3", organism_id: 333, chromosome_count: 10, certified: true },
  { id: 24777, name: "IRGSP-1.0", version: "7", organism_id: 3068, chromosome_count: 12 },
  { id: 24778, name: "Col-0 PacBio assembly", version: "1.1", organism_id: 7, chromosome_count: 5 },
  {
    id: 35030,
    name: "BTx623 unpublished assembly",
    description: "Work in progress, shared with collaborators only",
    version: "0.9",
    organism_id: 1035,
    chromosome_count: 10,
    restricted: true,
    readers: ["bob"],
  },
];

function genomeFrom(seed: GenomeSeed, organisms: Map<number, Organism>): Genome {
  const organism = organisms.get(seed.organism_id);
  if (!organism) throw new Error(`seed genome ${seed.id} names no known organism`);
  return {
    description: null,
    info: null,
    link: null,
    restricted: false,
    certified: false,
    deleted: false,
    readers: [],
    ...seed,
    organism: { ...organism },
    sequence_type: { ...unmasked },
  };
}

export function makeGenomeState(): GenomeState {
  const organisms = new Map(ORGANISMS.map((organism) => [organism.id, { ...organism }]));
  return { organisms, genomes: new Map(GENOMES.map((seed) => [seed.id, genomeFrom(seed, organisms)])) };
}

export const visibleTo = (genome: Genome, caller: string | undefined): boolean =>
  !genome.deleted && (!genome.restricted || (caller !== undefined && genome.readers.includes(caller)));

/** A genome as CoGe answers it: without who may read it. */
export function described({ readers: _readers, ...genome }: Genome): Omit<Genome, "readers"> {
  return genome;
}

/** Genomes whose id, name, description or organism contains the term (case-insensitively). */
export function searchGenomes(state: GenomeState, term: string, caller: string | undefined): Genome[] {
  const wanted = term.toLowerCase();
  return [...state.genomes.values()].filter(
    (genome) =>
      visibleTo(genome, caller) &&
      [String(genome.id), genome.name, genome.description, genome.organism.name].some((field) =>
        field?.toLowerCase().includes(wanted),
      ),
  );
}
