import { Type } from "typebox";
import { AppListingDetail } from "./apps.js";
import { NonBlankString, Uuid } from "./common.js";

// The apps service's category answers: common-swagger-api src/common_swagger_api/schema/apps/categories.clj
// (AppCategory, AppCategoryListing, AppCategoryAppListing)
// and cyverse-de/apps src/apps/routes/schemas/app/category.clj (AppCategorySearchResults).

/** categories.clj `AppCategoryBase`. */
const appCategoryBase = { system_id: NonBlankString, id: Uuid, name: Type.String() };

/** categories.clj `AppCategory`: a category with its count of apps and its child categories. */
const AppCategory = Type.Cyclic(
  {
    AppCategory: Type.Object({
      ...appCategoryBase,
      total: Type.Integer(),
      is_public: Type.Boolean(),
      categories: Type.Optional(Type.Array(Type.Ref("AppCategory"))),
    }),
  },
  "AppCategory",
);

/** categories.clj `AppCategoryListing`. */
export const AppCategoryListing = Type.Object({ categories: Type.Array(AppCategory) });

/** categories.clj `AppCategoryAppListing`: a category (without its children) and the apps under it. */
export const AppCategoryAppListing = Type.Object({
  ...appCategoryBase,
  total: Type.Integer(),
  is_public: Type.Boolean(),
  apps: Type.Array(AppListingDetail),
});

/** category.clj `AppCategorySearchResults` (`AppCategoryInfo`: the category's owner, `public` for public ones). */
export const AppCategorySearchResults = Type.Object({
  categories: Type.Array(Type.Object({ ...appCategoryBase, owner: Type.String() })),
});
