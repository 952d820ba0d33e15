import { Type } from "typebox";

/**
 * What the data service reads from its backends' answers, checked before it reads them (`json(…, shape)`): an
 * answer without it is the backend failing (502), not a TypeError halfway through a change. Only what the code
 * relies on is required; everything else passes as the backend sent it.
 */

/** A stat record of data-info: the fields every handler reads. */
export const StatShape = Type.Object({
  id: Type.String(),
  path: Type.String(),
  type: Type.Union([Type.Literal("file"), Type.Literal("dir")]),
});

export const StatsByPath = Type.Object({ paths: Type.Record(Type.String(), StatShape) });
export const StatsById = Type.Object({ ids: Type.Optional(Type.Record(Type.String(), StatShape)) });
export const ExistenceByPath = Type.Object({ paths: Type.Optional(Type.Record(Type.String(), Type.Boolean())) });
export const EntryUuid = Type.Object({ id: Type.String() });

/** data-info's answer to an upload or a save: the stat of the stored file. */
export const StoredFileAnswer = Type.Object({ file: Type.Object({ id: Type.String(), path: Type.String() }) });

/** A listed folder (navigation or a page of one): its own stat and, where there are any, its entries. */
const Listed = Type.Object({
  path: Type.String(),
  files: Type.Optional(Type.Array(Type.Object({ path: Type.String() }))),
  folders: Type.Optional(Type.Array(Type.Object({ path: Type.String() }))),
});
export const NavigationRoots = Type.Object({ roots: Type.Array(Listed) });
export const NavigationFolder = Type.Object({ folder: Listed });
export const FolderPage = Listed;

export const FileTypes = Type.Object({ types: Type.Array(Type.String()) });
export const FavoriteIds = Type.Object({ filesystem: Type.Array(Type.String()) });
export const SearchHits = Type.Object({
  total: Type.Number(),
  hits: Type.Array(Type.Record(Type.String(), Type.Unknown())),
});
/** The search service's answer to a data search (Elasticsearch's hits) and its documentation. */
// The search service's encoding leaves `hits` out when nothing matched (olivere/elastic SearchHits, omitempty).
export const SearchAnswer = Type.Object({
  total: Type.Object({ value: Type.Integer(), relation: Type.String() }),
  hits: Type.Optional(
    Type.Array(
      Type.Object({ _id: Type.String(), _source: Type.Record(Type.String(), Type.Unknown()), fields: Type.Object({}) }),
    ),
  ),
  scroll_id: Type.Optional(Type.String()),
});
export const SearchDocumentation = Type.Object(
  {
    clauses: Type.Record(
      Type.String(),
      Type.Object({
        summary: Type.String(),
        args: Type.Record(Type.String(), Type.Object({ type: Type.String(), summary: Type.String() })),
      }),
    ),
    sortFields: Type.Array(Type.String()),
  },
  { description: "each clause type with its summary and arguments ({type, summary}), and the sort fields" },
);
/** The metadata backend's AVU list: the target of each AVU is read. */
export const AvuListAnswer = Type.Object({
  avus: Type.Array(
    Type.Object({
      id: Type.String(),
      attr: Type.String(),
      value: Type.String(),
      unit: Type.String(),
      target_id: Type.String(),
    }),
  ),
});
export const MovedSources = Type.Object({ sources: Type.Optional(Type.Array(Type.String())) });
export const BasePaths = Type.Object({ user_home_path: Type.String() });

/** A permanent-id request as the metadata backend details it, and a row of its listings. */
const StoredRequestBase = {
  id: Type.String(),
  type: Type.String(),
  target_id: Type.String(),
  requested_by: Type.String(),
};
export const StoredRequestShape = Type.Object({
  ...StoredRequestBase,
  history: Type.Array(Type.Object({ status: Type.String() })),
});
export const StoredRequestRows = Type.Object({
  requests: Type.Array(Type.Object(StoredRequestBase)),
  total: Type.Number(),
});

/** The URL import app's description: its parameters, whose ids the import job names. */
export const ImportAppShape = Type.Object({
  groups: Type.Optional(
    Type.Array(
      Type.Object({
        parameters: Type.Optional(
          Type.Array(Type.Object({ id: Type.Optional(Type.String()), label: Type.Optional(Type.String()) })),
        ),
      }),
    ),
  ),
});

const AvuList = Type.Array(Type.Object({ attr: Type.String(), value: Type.String() }));
/** An entry's metadata: its template AVUs and its iRODS AVUs. */
export const FolderMetadataShape = Type.Object({ avus: Type.Optional(AvuList), "irods-avus": Type.Optional(AvuList) });

/** data-info's answer to setting a file's info type. */
export const InfoTypeAnswer = Type.Object({ type: Type.Optional(Type.String()) });
