import { type TSchema, Type } from "typebox";

// The answers of cyverse-de/dashboard-aggregator (app/*.go build them from the pieces below).

const nullable = (schema: TSchema) => Type.Union([schema, Type.Null()]);

// db/types.go App: guregu/null fields are sent as null when the database has none.
const App = Type.Object({
  id: Type.String(),
  system_id: Type.String(),
  name: Type.String(),
  description: nullable(Type.String()),
  wiki_url: nullable(Type.String()),
  integration_date: nullable(Type.String()),
  edited_date: nullable(Type.String()),
  username: nullable(Type.String()),
  job_count: nullable(Type.String()),
  is_favorite: Type.Boolean(),
  is_public: Type.Boolean(),
});
const Apps = Type.Array(App);

// feeds/feeds.go DashboardItem, by feed name (PublicFeeds.Marshallable; a feed not pulled yet has no items: null).
const Feeds = Type.Record(
  Type.String(),
  nullable(
    Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        description: Type.String(),
        date_added: Type.String(),
        author: Type.String(),
        publication_date: Type.String(),
        content: Type.String(),
        link: Type.String(),
        thumbnailUrl: Type.String(),
      }),
    ),
  ),
);

// apis/apis.go AnalysisListing: the apps service's analyses, passed on as they come.
const Analyses = Type.Array(Type.Unknown());

// app/app.go PublicFeedsHandler.
export const FeedsAnswer = Feeds;
// app/loggedout.go LoggedOutHandler.
export const LoggedOutDashboard = Type.Object({ apps: Type.Object({ popularFeatured: Apps }), feeds: Feeds });
// app/user.go UserDashboardHandler (instant launches: app-exposer's full listing, passed on).
export const UserDashboard = Type.Object({
  analyses: Type.Object({ recent: Analyses, running: Analyses }),
  apps: Type.Object({ recentlyAdded: Apps, public: Apps, recentlyUsed: Apps, popularFeatured: Apps }),
  instantLaunches: Type.Array(Type.Unknown()),
  feeds: Feeds,
});
// app/user.go and app/apps.go: one section's apps.
export const AppsSection = Type.Object({ apps: Apps });
// app/analyses.go: the apps service's listing as AnalysisListing decodes it.
export const AnalysesSection = Type.Object({ analyses: Analyses });
