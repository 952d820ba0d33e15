import { Type } from "typebox";
import { AppJobView } from "../apps/answer-schemas/apps.js";

// The answers of cyverse-de/analyses. Go structs: a field without `omitempty` is always sent (required here).

// cmd/analyses/app.go Greeting.
export const Greeting = Type.Literal("Hello from analyses.\n");

// db/quicklaunches.go QuickLaunch: `creator` is the qualified username, `submission` the stored JSON as it is.
export const QuickLaunch = Type.Object({
  id: Type.String(),
  creator: Type.String(),
  app_id: Type.String(),
  app_version_id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  is_public: Type.Boolean(),
  submission: Type.Unknown(),
});
export const QuickLaunches = Type.Array(QuickLaunch);

// db/favorites.go QuickLaunchFavorite (listings are never null: the service answers [] for none).
export const Favorite = Type.Object({ id: Type.String(), quick_launch_id: Type.String(), user: Type.String() });
export const Favorites = Type.Array(Favorite);

// db/userdefaults.go QuickLaunchUserDefault.
export const UserDefault = Type.Object({
  id: Type.String(),
  user: Type.String(),
  quick_launch_id: Type.String(),
  app_id: Type.String(),
});
export const UserDefaults = Type.Array(UserDefault);

// db/globaldefaults.go QuickLaunchGlobalDefault.
export const GlobalDefault = Type.Object({ id: Type.String(), app_id: Type.String(), quick_launch_id: Type.String() });
export const GlobalDefaults = Type.Array(GlobalDefault);

// db/db.go DeletionResponse: what every delete answers.
export const Deletion = Type.Object({ id: Type.String() });

// db/settings.go ConcurrentJobLimit (the default limit names no user) and ConcurrentJobLimits.
export const JobLimit = Type.Object({
  username: Type.Optional(Type.String()),
  concurrent_jobs: Type.Integer(),
  is_default: Type.Boolean(),
});
export const JobLimits = Type.Object({ limits: Type.Array(JobLimit) });

// clients/clients.go QuickLaunchAppInfo: the apps service's launch form (common-swagger-api apps.clj AppJobView)
// with the quick launch's values filled in and `debug` always set.
export const QuickLaunchAppInfo = Type.Intersect([AppJobView, Type.Object({ debug: Type.Boolean() })]);
