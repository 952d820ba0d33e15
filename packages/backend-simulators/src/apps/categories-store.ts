import { SEED_APP_IDS } from "../seed-ids.js";

/** A public app category; administrators place apps in categories, and publishing an app takes it out of them all. */
export interface Category {
  id: string;
  name: string;
  parent_id: string | null;
  app_ids: Set<string>;
}

export interface CategoriesState {
  categories: Map<string, Category>;
}

const PUBLIC_ROOT = "a1f8e1c4-0000-4000-8000-000000000100";
/** A category as it is made, seeded or created by an administrator. */
export const newCategory = (id: string, name: string, parent: string | null, apps: string[] = []): Category => ({
  id,
  name,
  parent_id: parent,
  app_ids: new Set(apps),
});
const SEED_CATEGORIES = [
  newCategory(PUBLIC_ROOT, "Public Apps", null),
  newCategory("a1f8e1c4-0000-4000-8000-000000000101", "Text Processing", PUBLIC_ROOT, [SEED_APP_IDS.wordCount]),
  newCategory("a1f8e1c4-0000-4000-8000-000000000102", "Sequence Analysis", PUBLIC_ROOT, [SEED_APP_IDS.fastqc]),
  newCategory("a1f8e1c4-0000-4000-8000-000000000104", "Interactive Apps", PUBLIC_ROOT, [SEED_APP_IDS.jupyterLab]),
];

/** The virtual category of the blessed apps, under the id the backend gives it (`listings.clj`, featured-apps-id). */
export const FEATURED_CATEGORY_ID = "cccccccc-cccc-cccc-cccc-cccccccccccc";

export const categoriesOf = (all: () => Record<string, unknown>) => all().categories as CategoriesState;

export function categoriesOfApp(state: CategoriesState, appId: string) {
  return [...state.categories.values()]
    .filter((category) => category.app_ids.has(appId))
    .map(({ id, name }) => ({ id, name }));
}

/** app_groups.clj `decategorize-app`, as publishing does: the app leaves every public category. */
export function decategorize(state: CategoriesState, appId: string): void {
  for (const category of state.categories.values()) category.app_ids.delete(appId);
}

/** The public categories as the backend starts, the demo apps placed in them. */
export const makeCategoriesState = (): CategoriesState => ({
  categories: new Map(SEED_CATEGORIES.map((category) => [category.id, structuredClone(category)])),
});
