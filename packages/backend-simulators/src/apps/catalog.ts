import { defineModule } from "../framework/module.js";

/** An app as the apps backend keeps it (the fields other families rely on; more may be added). */
export interface AppRecord {
  id: string;
  system_id: string;
  name: string;
  description: string;
  integrator_username: string;
  integrator_email: string;
  is_public: boolean;
  deleted: boolean;
  disabled: boolean;
  integration_date: number;
  edited_date: number;
}

export interface CatalogState {
  apps: Map<string, AppRecord>;
}

const seedApp = (id: string, name: string, description: string, integrator: string, isPublic: boolean): AppRecord => ({
  id,
  system_id: "de",
  name,
  description,
  integrator_username: integrator,
  integrator_email: `${integrator}@example.org`,
  is_public: isPublic,
  deleted: false,
  disabled: false,
  integration_date: Date.UTC(2026, 0, 15),
  edited_date: Date.UTC(2026, 5, 1),
});

/** Demo apps: two public ones and one private app of alice's. */
export const SEED_APPS: readonly AppRecord[] = [
  seedApp("c7f05682-23c8-4182-b9a2-e09650a5f49b", "Word Count", "Counts the words in a text file", "carol", true),
  seedApp("1b1e7c3a-5c8e-4b1f-9a8e-0d1f2a3b4c5d", "FastQC", "Quality control of sequencing reads", "carol", true),
  seedApp(
    "9d2c4e6f-8a0b-4c1d-8e2f-3a4b5c6d7e8f",
    "Alice's Aligner",
    "Aligns reads the way alice likes",
    "alice",
    false,
  ),
];

/** The app catalogue. Routes over it belong to the apps-proxy work; other families read `apps`. */
export const catalog = defineModule<CatalogState>({
  makeState: () => ({ apps: new Map(SEED_APPS.map((app) => [app.id, { ...app }])) }),
  routes() {},
});
