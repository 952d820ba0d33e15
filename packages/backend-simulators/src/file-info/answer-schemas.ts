import { type TSchema, Type } from "typebox";

/*
 * The answers of cyverse-de/data-info, as its routes declare them (`:return` / `:responses`). Most schemas live in
 * common-swagger-api (src/common_swagger_api/schema/stats.clj, data/navigation.clj, data/tickets.clj,
 * data/exists.clj, filetypes.clj), the rest in data-info's src/data_info/routes/schemas/*.clj; answers no schema
 * declares follow the service that builds them (cited on each). Objects stay open, as schema's maps are
 * checked only for the keys they name once the answer is encoded.
 */

// common-swagger-api schema.clj NonBlankString.
const NonBlank = Type.String({ pattern: "\\S" });
const Uuid = Type.String({ format: "uuid" });
// common-swagger-api schema/data.clj PermissionEnum.
const Permission = Type.Enum(["read", "write", "own"]);
// common-swagger-api schema/data.clj Paths: at least one path.
const PathList = Type.Array(NonBlank, { minItems: 1 });
// data-info routes/schemas/rename.clj, trash.clj: moves and deletes may finish in the background.
const AsyncTaskId = Type.Optional(NonBlank);

// common-swagger-api schema/stats.clj DataStatInfo, DirStatInfo, FileStatInfo.
const dataStatFields = {
  id: Uuid,
  path: NonBlank,
  label: Type.String(),
  "date-created": Type.Integer(),
  "date-modified": Type.Integer(),
  permission: Permission,
  "share-count": Type.Optional(Type.Integer()),
};
const DirStatInfo = Type.Object({
  ...dataStatFields,
  type: Type.Enum(["file", "dir"]),
  "file-count": Type.Integer(),
  "dir-count": Type.Integer(),
});
const FileStatInfo = Type.Object({
  ...dataStatFields,
  type: Type.Enum(["file", "dir"]),
  "file-size": Type.Integer(),
  "content-type": NonBlank,
  infoType: Type.String(),
  md5: Type.String(),
});
/** stats.clj's PathsMap value: a file's stat when it has `file-size`, a folder's otherwise. */
const StatInfo = Type.Union([FileStatInfo, DirStatInfo]);

/** `{file: stat}`: uploads, saved metadata and path lists (stats.clj FileStat). */
export const FileStat = Type.Object({ file: FileStatInfo });

/** `POST /stat-gatherer` (stats.clj StatusInfo). */
export const StatusInfo = Type.Object({
  paths: Type.Optional(Type.Record(Type.String(), StatInfo)),
  ids: Type.Optional(Type.Record(Type.String(), StatInfo)),
});

// stats.clj FilteredStatInfo: every stat field optional (filter-include and filter-exclude pick them).
const FilteredStatInfo = Type.Partial(Type.Object({ ...DirStatInfo.properties, ...FileStatInfo.properties }));

/** `POST /path-info` (stats.clj FilteredStatusInfo). */
export const FilteredStatusInfo = Type.Object({
  paths: Type.Optional(Type.Record(Type.String(), FilteredStatInfo)),
  ids: Type.Optional(Type.Record(Type.String(), FilteredStatInfo)),
});

/**
 * `POST /stat-lister`: a page of stats by id. data-info declares no schema for it; terrain's
 * clients/data_info.clj list-stats-by-ids reads `{files, folders, total}` and routes/schemas/filesystem.clj
 * FavoriteListing shows them as stats.clj's FileStatInfo and DirStatInfo.
 */
export const StatPage = Type.Object({
  files: Type.Array(FileStatInfo),
  folders: Type.Array(DirStatInfo),
  total: Type.Integer(),
});

/** `POST /existence-marker` (data/exists.clj ExistenceInfo). */
export const ExistenceInfo = Type.Object({ paths: Type.Record(Type.String(), Type.Boolean()) });

/** `GET /data/uuid` (data-info routes/schemas/data.clj PathToUUIDReturn). */
export const PathToUuid = Type.Object({ id: Uuid });

/*
 * `GET /data/path/{zone}/{path}` on a folder: no schema is declared (the route is `:no-doc`); data-info's
 * services/entry.clj builds it, fmt-entry for the folder and each item (infoType nil for folders, and for files
 * iRODS knows no type of), then files, folders, readme (an item or false), total and totalBad.
 */
const ListingItem = Type.Object({
  id: Uuid,
  path: NonBlank,
  name: Type.String(),
  dateCreated: Type.Integer(),
  dateModified: Type.Integer(),
  badName: Type.Boolean(),
  infoType: Type.Union([Type.String(), Type.Null()]),
  permission: Permission,
  size: Type.Integer(),
});
export const FolderPage = Type.Object({
  ...ListingItem.properties,
  files: Type.Array(ListingItem),
  folders: Type.Array(ListingItem),
  readme: Type.Union([ListingItem, Type.Literal(false)]),
  // null when the page is empty: clj-irods items-in-folder reads it from the page's first row.
  total: Type.Union([Type.Integer(), Type.Null()]),
  totalBad: Type.Integer(),
});

/** `POST /data/directories` (common-swagger-api schema/data.clj Paths). */
export const Paths = Type.Object({ paths: PathList });

// data/navigation.clj UserBasePaths, RootListing (a stat without type), FolderListing (with its subfolders).
/** `GET /navigation/base-paths`. */
export const UserBasePaths = Type.Object({
  user_home_path: Type.String(),
  user_trash_path: Type.String(),
  base_trash_path: Type.String(),
});
const RootListing = Type.Object(dataStatFields);
/** `GET /navigation/root` (NavigationRootResponse). */
export const NavigationRoot = Type.Object({ roots: Type.Array(RootListing), "base-paths": UserBasePaths });
const FolderListing = Type.Cyclic(
  {
    FolderListing: Type.Object({
      ...dataStatFields,
      folders: Type.Optional(Type.Array(Type.Ref("FolderListing"))),
    }),
  },
  "FolderListing",
);
/** `GET /navigation/path/{zone}/{path}` (NavigationResponse). */
export const NavigationFolder = Type.Object({ folder: FolderListing });

// data-info routes/schemas/rename.clj MultiRenameResult, RenameResult.
/** `POST /mover`, `PUT /data/{id}/children/dir`. */
export const MultiRenameResult = Type.Object({
  user: NonBlank,
  sources: Type.Array(NonBlank),
  dest: NonBlank,
  "async-task-id": AsyncTaskId,
});
/** `PUT /data/{id}/name`, `PUT /data/{id}/dir`. */
export const RenameResult = Type.Object({
  user: NonBlank,
  source: NonBlank,
  dest: NonBlank,
  "async-task-id": AsyncTaskId,
});

// data-info routes/schemas/trash.clj Trash, TrashPaths, Restoration.
/** `DELETE /trash`. */
export const EmptiedTrash = Type.Object({
  paths: Type.Optional(Type.Array(NonBlank)),
  trash: Type.String(),
  "async-task-id": AsyncTaskId,
});
/** `POST /deleter`, `DELETE /data/{id}`, `DELETE /data/{id}/children`. */
export const TrashPaths = Type.Object({
  paths: PathList,
  "trash-paths": Type.Record(Type.String(), Type.String()),
  "async-task-id": AsyncTaskId,
});
/** `POST /restorer`. */
export const Restoration = Type.Object({
  restored: Type.Record(Type.String(), Type.Object({ "restored-path": NonBlank, "partial-restore": Type.Boolean() })),
  "async-task-id": AsyncTaskId,
});

// data-info routes/schemas/data.clj ChunkReturn, TabularChunkReturn, Manifest: numbers as text.
/** `GET /data/{id}/chunks`. */
export const ChunkReturn = Type.Object({
  path: NonBlank,
  user: NonBlank,
  start: NonBlank,
  "chunk-size": NonBlank,
  "file-size": NonBlank,
  chunk: Type.String(),
});
/** `GET /data/{id}/chunks-tabular`. */
export const TabularChunkReturn = Type.Object({
  path: NonBlank,
  user: NonBlank,
  "chunk-size": NonBlank,
  "file-size": NonBlank,
  page: NonBlank,
  "number-pages": NonBlank,
  "max-cols": NonBlank,
  csv: Type.Array(Type.Record(Type.String(), Type.String())),
});
/** `GET /data/{id}/manifest`. */
export const Manifest = Type.Object({
  "content-type": NonBlank,
  infoType: Type.String(),
  urls: Type.Array(Type.Object({ label: NonBlank, url: NonBlank })),
});

// common-swagger-api schema/data/tickets.clj AddTicketResponse, ListTicketsResponse, DeleteTicketsResponse.
const TicketDefinition = Type.Object({
  path: NonBlank,
  "ticket-id": NonBlank,
  "download-url": NonBlank,
  "download-page-url": NonBlank,
});
/** `POST /tickets`. */
export const AddTicketResponse = Type.Object({ user: NonBlank, tickets: Type.Array(TicketDefinition) });
/** `POST /ticket-lister`. */
export const ListTicketsResponse = Type.Object({ tickets: Type.Record(Type.String(), Type.Array(TicketDefinition)) });
/** `POST /ticket-deleter`. */
export const DeleteTicketsResponse = Type.Object({ user: NonBlank, tickets: Type.Array(NonBlank) });

/** `POST /permissions-gatherer` (data-info routes/schemas/permissions.clj PermissionsResponse). */
export const PermissionsResponse = Type.Object({
  paths: Type.Array(
    Type.Object({
      path: Type.String(),
      "user-permissions": Type.Array(Type.Object({ user: Type.String(), permission: Permission })),
    }),
  ),
});

/** `POST /anonymizer` (data-info routes/schemas/sharing.clj AnonShareInfo). */
export const AnonShareInfo = Type.Object({ user: NonBlank, paths: Type.Record(Type.String(), NonBlank) });

/*
 * `POST /sharer` and `POST /unsharer`: one outcome per user and path. data-info declares no schema for them;
 * terrain's clients/data_info.clj share-paths reads `{sharing: [{user, sharing: [{path, permission, success,
 * reason?, error?}]}]}` (and unshare-paths the same under `unshare`), and routes/schemas/filesystem.clj
 * PathShareResponse / PathUnshareResponse show each outcome.
 */
const outcome = (fields: Record<string, TSchema>) =>
  Type.Object({
    ...fields,
    success: Type.Boolean(),
    reason: Type.Optional(Type.String()),
    error: Type.Optional(Type.Unknown()),
  });
export const SharingResponse = Type.Object({
  sharing: Type.Array(
    Type.Object({ user: NonBlank, sharing: Type.Array(outcome({ path: NonBlank, permission: Permission })) }),
  ),
});
export const UnsharingResponse = Type.Object({
  unshare: Type.Array(Type.Object({ user: NonBlank, unshare: Type.Array(outcome({ path: NonBlank })) })),
});

// common-swagger-api schema/filetypes.clj TypesList, FileTypeReturn.
/** `GET /file-types`. */
export const TypesList = Type.Object({ types: Type.Array(Type.String()) });
/** `PUT /data/{id}/type`. */
export const FileTypeReturn = Type.Object({ type: Type.String(), user: NonBlank, path: NonBlank });

// data-info routes/schemas/avus.clj AVUGetResult, AVUChangeResult, MetadataCopyResult, MetadataCSVParseResult.
const AvuMap = Type.Object({ attr: Type.String(), value: Type.String(), unit: Type.String() });
/** `GET /data/{id}/metadata`: the iRODS AVUs and whatever the metadata service keeps. */
export const AvuGetResult = Type.Object({ "irods-avus": Type.Array(AvuMap), path: NonBlank });
/** `PUT` and `PATCH /data/{id}/metadata`. */
export const AvuChangeResult = Type.Object({ path: NonBlank, user: NonBlank });
/** `POST /data/{id}/metadata/copy`. */
export const MetadataCopyResult = Type.Object({ user: NonBlank, src: Type.String(), paths: Type.Array(Type.String()) });
/** `POST /data/{id}/metadata/csv-parser`. */
export const MetadataCsvParseResult = Type.Object({
  "path-metadata": Type.Array(Type.Object({ path: NonBlank, avus: Type.Array(AvuMap) })),
});
