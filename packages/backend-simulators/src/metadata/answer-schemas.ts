import { Type } from "typebox";
import { VALUE_TYPES } from "./template-schemas.js";

/*
 * The answers of cyverse-de/metadata, as its routes declare them (`:return` / `:responses`): schemas from
 * common-swagger-api (src/common_swagger_api/schema/metadata.clj, metadata/comments.clj, metadata/tags.clj,
 * ontologies.clj, permanent_id_requests.clj) and metadata's own src/metadata/routes/schemas/*.clj. Routes that
 * answer `(ok nil)` send no body (NoBody, from ../framework/answers.js). Objects stay open.
 */

// common-swagger-api schema.clj NonBlankString.
const NonBlank = Type.String({ pattern: "\\S" });
const Uuid = Type.String({ format: "uuid" });
// java.util.Date, which the service's JSON encoder writes as ISO 8601 text.
const DateText = Type.String({ format: "date-time" });
// common-swagger-api schema/metadata.clj DataTypeEnum.
const DataType = Type.Enum(["file", "folder"]);

/** `GET /avus`, `POST /avus/search`, `GET|POST|PUT /avus/{type}/{id}` (schema/metadata.clj AvuList; AVUs nest). */
export const AvuList = Type.Object({
  avus: Type.Array(
    Type.Cyclic(
      {
        Avu: Type.Object({
          id: Uuid,
          attr: Type.String(),
          value: Type.String(),
          unit: Type.String(),
          target_id: Uuid,
          created_by: Type.String(),
          modified_by: Type.String(),
          created_on: Type.Integer(),
          modified_on: Type.Integer(),
          avus: Type.Optional(Type.Array(Type.Ref("Avu"))),
        }),
      },
      "Avu",
    ),
  ),
});

// schema/metadata/comments.clj Comment, CommentList, CommentResponse.
const Comment = Type.Object({
  id: Uuid,
  commenter: NonBlank,
  post_time: Type.Integer(),
  retracted: Type.Boolean(),
  comment: NonBlank,
});
/** `GET /apps/{id}/comments`, `GET /filesystem/data/{id}/comments`. */
export const CommentList = Type.Object({ comments: Type.Array(Comment) });
/** `POST /apps/{id}/comments`, `POST /filesystem/data/{id}/comments`. */
export const CommentResponse = Type.Object({ comment: Comment });

// schema/metadata/tags.clj Tag, TagList, TagDetails, AttachedTagsListing.
const Tag = Type.Object({
  id: Uuid,
  value: Type.String({ pattern: "\\S", maxLength: 255 }),
  description: Type.Optional(Type.String()),
});
/** `GET /tags/user`, `GET /tags/suggestions`, `GET /filesystem/data/{id}/tags`. */
export const TagList = Type.Object({ tags: Type.Array(Tag) });
/** `POST /tags/user`, `PATCH /tags/user/{id}`. */
export const TagDetails = Type.Object({
  ...Tag.properties,
  owner_id: Type.String(),
  public: Type.Boolean(),
  created_on: Type.Integer(),
  modified_on: Type.Integer(),
});
/** `PATCH /filesystem/data/{id}/tags`. */
export const AttachedTagsListing = Type.Object({
  tags: Type.Array(
    Type.Object({ ...TagDetails.properties, targets: Type.Array(Type.Object({ id: Uuid, type: DataType })) }),
  ),
});

/** `GET /favorites/filesystem`, `POST /favorites/filter` (metadata routes/schemas/common.clj DataIdList). */
export const DataIdList = Type.Object({ filesystem: Type.Array(Uuid) });

// common-swagger-api schema/ontologies.clj OntologyDetails, OntologyHierarchy, OntologyHierarchyList.
/** `POST /admin/ontologies`. */
export const OntologyDetails = Type.Object({
  iri: Type.Union([Type.String(), Type.Null()]),
  version: Type.String(),
  created_by: NonBlank,
  created_on: DateText,
});
/** `GET /ontologies` (metadata routes/schemas/ontologies.clj OntologyDetailsList). */
export const OntologyDetailsList = Type.Object({ ontologies: Type.Array(OntologyDetails) });
const OntologyClassHierarchy = Type.Cyclic(
  {
    OntologyClassHierarchy: Type.Object({
      iri: Type.String(),
      label: Type.Union([Type.String(), Type.Null()]),
      description: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      subclasses: Type.Optional(Type.Array(Type.Ref("OntologyClassHierarchy"))),
    }),
  },
  "OntologyClassHierarchy",
);
/** `PUT /admin/ontologies/{version}/{root-iri}`. */
export const OntologyHierarchy = Type.Object({ hierarchy: Type.Union([OntologyClassHierarchy, Type.Null()]) });
/** `GET /ontologies/{version}`, `DELETE /admin/ontologies/{version}/{root-iri}`. */
export const OntologyHierarchyList = Type.Object({ hierarchies: Type.Array(OntologyClassHierarchy) });

// common-swagger-api schema/permanent_id_requests.clj, merged with metadata's
// routes/schemas/permanent_id_requests.clj (target_id and target_type).
const requestFields = {
  id: Uuid,
  type: Type.String(),
  requested_by: Type.String(),
  target_id: Uuid,
  target_type: DataType,
  permanent_id: Type.Optional(Type.String()),
  original_path: Type.Optional(Type.String()),
};
/** `POST|GET /permanent-id-requests/{id}`, `GET|POST /admin/permanent-id-requests/{id}(/status)`. */
export const PermanentIdRequestDetails = Type.Object({
  ...requestFields,
  history: Type.Array(
    Type.Object({
      permanent_id: Type.Optional(Type.String()),
      comments: Type.Optional(Type.String()),
      status: Type.Optional(Type.String()),
      status_date: Type.Integer(),
      updated_by: Type.String(),
    }),
  ),
});
/** `GET /permanent-id-requests`, `GET /admin/permanent-id-requests`. */
export const PermanentIdRequestList = Type.Object({
  requests: Type.Array(
    Type.Object({
      ...requestFields,
      date_submitted: Type.Integer(),
      status: Type.String(),
      date_updated: Type.Integer(),
      updated_by: Type.String(),
    }),
  ),
  total: Type.Integer(),
});
/** `GET /permanent-id-requests/status-codes`. */
export const PermanentIdRequestStatusCodeList = Type.Object({
  status_codes: Type.Array(Type.Object({ id: Uuid, name: Type.String(), description: Type.String() })),
});
/** `GET /permanent-id-requests/types`. */
export const PermanentIdRequestTypeList = Type.Object({
  request_types: Type.Array(Type.Object({ id: Uuid, type: Type.String(), description: Type.String() })),
});

// metadata routes/schemas/template.clj MetadataTemplateListEntry, MetadataTemplateList, MetadataTemplateAttr,
// MetadataTemplate.
const templateEntryFields = {
  created_by: Type.String(),
  created_on: DateText,
  deleted: Type.Boolean(),
  description: Type.Optional(Type.String()),
  id: Uuid,
  modified_by: Type.String(),
  modified_on: DateText,
  name: Type.String(),
};
/** `GET /templates`, `GET /admin/templates`. */
export const MetadataTemplateList = Type.Object({ metadata_templates: Type.Array(Type.Object(templateEntryFields)) });
/** `GET /templates/attr/{id}`. */
export const MetadataTemplateAttr = Type.Cyclic(
  {
    MetadataTemplateAttr: Type.Object({
      id: Uuid,
      name: Type.String(),
      description: Type.String(),
      created_by: Type.String(),
      created_on: DateText,
      modified_by: Type.String(),
      modified_on: DateText,
      synonyms: Type.Array(Uuid),
      required: Type.Boolean(),
      type: Type.Enum([...VALUE_TYPES]),
      values: Type.Optional(Type.Array(Type.Object({ id: Uuid, is_default: Type.Boolean(), value: Type.String() }))),
      settings: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      attributes: Type.Optional(Type.Array(Type.Ref("MetadataTemplateAttr"))),
    }),
  },
  "MetadataTemplateAttr",
);
/** `GET /templates/{id}`, `POST /admin/templates`, `PUT /admin/templates/{id}`. */
export const MetadataTemplate = Type.Object({
  ...templateEntryFields,
  attributes: Type.Array(MetadataTemplateAttr),
});

/**
 * `GET /templates/{id}/blank-csv`, `guide-csv` (text/csv) and `zip-csv` (application/zip): files, which no
 * schema describes and the answer check does not read (metadata routes/templates.clj csv-download-resp).
 */
export const Download = Type.Unknown({ description: "a file's bytes" });
