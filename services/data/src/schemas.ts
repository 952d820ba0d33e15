import { ERROR_ANSWERS } from "@de-gateway/service-kit";
import { Type } from "typebox";

const open = { additionalProperties: true };

/** Errors every data route may answer, besides its own. */
export const commonErrors = ERROR_ANSWERS;

export const PathText = (description: string) => Type.String({ minLength: 1, description });
export const PathList = (description: string) =>
  Type.Array(PathText("a data-store path"), { minItems: 1, description });

export const PathQuery = Type.Object({ path: PathText("absolute path of the file or folder") });
export const PathBody = Type.Object({ path: PathText("absolute path of the file or folder") });
export const PathsBody = Type.Object({ paths: PathList("absolute paths of files and folders") });
export const Uuid = (description: string) =>
  Type.String({
    pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
    description,
  });
export const UuidText = Uuid("a file's or folder's UUID");

/**
 * A whole number in a JSON body, as a number or as a string of digits: the reference gateway hands body values on
 * to the backend's query unchanged, and the web client sends some of them as strings. Read it with `Number()`.
 */
export const WholeNumber = (minimum: number, description: string) =>
  Type.Union(
    [Type.Integer({ minimum }), Type.String({ pattern: minimum > 0 ? "^0*[1-9][0-9]{0,14}$" : "^[0-9]{1,15}$" })],
    {
      description: `${description} (a number, or a string of digits)`,
    },
  );

const timestamps = {
  "date-created": Type.Number({ description: "ms since the epoch" }),
  "date-modified": Type.Number({ description: "ms since the epoch" }),
};

/** A folder in a directory listing. */
export const FolderEntry = Type.Object(
  {
    id: Type.String({ description: "the folder's UUID" }),
    path: Type.String(),
    label: Type.String({ description: "the folder's name" }),
    permission: Type.String({ description: "read, write or own" }),
    ...timestamps,
    "file-size": Type.Number({ description: "always 0 for folders" }),
    isFavorite: Type.Boolean(),
    badName: Type.Boolean({ description: "whether the name holds characters or words the platform avoids" }),
    hasSubDirs: Type.Boolean(),
  },
  open,
);

export const DirectoryListing = Type.Intersect([FolderEntry, Type.Object({ folders: Type.Array(FolderEntry) })]);
export const RootListing = Type.Object({ roots: Type.Array(DirectoryListing) });

/** A file or folder in a paged listing. */
export const PagedItem = Type.Object(
  {
    id: Type.String(),
    path: Type.String(),
    label: Type.String(),
    infoType: Type.Union([Type.String(), Type.Null()]),
    permission: Type.String(),
    ...timestamps,
    "file-size": Type.Number(),
    isFavorite: Type.Boolean(),
    badName: Type.Boolean(),
  },
  open,
);

export const PagedListing = Type.Intersect([
  PagedItem,
  Type.Object({
    hasSubDirs: Type.Boolean(),
    files: Type.Array(PagedItem),
    folders: Type.Array(PagedItem),
    total: Type.Integer({ description: "files and folders in the folder, all pages" }),
    totalBad: Type.Integer({ description: "how many of them have bad names" }),
  }),
]);

/** What upload, save and saveas answer. */
export const FileRecord = Type.Object({
  file: Type.Object(
    {
      id: Type.String({ description: "the file's path" }),
      path: Type.String(),
      label: Type.String({ description: "the file's name" }),
      permission: Type.String(),
      ...timestamps,
      "file-size": Type.Number({ description: "bytes" }),
    },
    open,
  ),
});

/** A stat record as the file-info backend gives it (files and folders), passed on. */
export const StatRecord = Type.Object(
  {
    id: Type.String(),
    path: Type.String(),
    type: Type.String({ description: "file or dir" }),
    label: Type.String(),
    permission: Type.String(),
    ...timestamps,
  },
  open,
);

export const BackendAnswer = (description: string) => Type.Unknown({ description });

/** Route config of the file-info backend's convention: a request that fails the route's schema is ERR_BAD_OR_MISSING_FIELD. */
export const fieldCodes = { validationErrorCode: "ERR_BAD_OR_MISSING_FIELD" };

/** Responses of a route that answers with the backend's JSON, described, plus the common errors. */
export const answered = (description: string) => ({ 200: BackendAnswer(description), ...commonErrors });
