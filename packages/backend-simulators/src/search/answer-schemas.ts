import { Type } from "typebox";

// The answers of cyverse-de/search (data/data.go).

// GetAllDocumentationHandler: each clause's querydsl clause/clause.go ClauseDocumentation, and the sort fields.
export const Documentation = Type.Object({
  clauses: Type.Record(
    Type.String(),
    Type.Object({
      summary: Type.String(),
      args: Type.Record(Type.String(), Type.Object({ type: Type.String(), summary: Type.String() })),
    }),
  ),
  sortFields: Type.Array(Type.String()),
});

// outputSearchResults: olivere/elastic v7 search.go SearchHits (total, max_score and hits are omitempty: no hits, no
// `hits`; a sorted search's null max score is left out) with its SearchHit (`_score` likewise; `_type` when
// Elasticsearch sends it; `_seq_no` and `_primary_term` always, null unless asked for).
export const SearchHits = Type.Object({
  total: Type.Object({ value: Type.Integer(), relation: Type.String() }),
  max_score: Type.Optional(Type.Number()),
  hits: Type.Optional(
    Type.Array(
      Type.Object({
        _index: Type.String(),
        _type: Type.Optional(Type.String()),
        _id: Type.String(),
        _seq_no: Type.Union([Type.Integer(), Type.Null()]),
        _primary_term: Type.Union([Type.Integer(), Type.Null()]),
        _score: Type.Optional(Type.Number()),
        _source: Type.Object({ id: Type.String(), path: Type.String(), label: Type.String() }),
        fields: Type.Object({ permission: Type.Array(Type.Union([Type.String(), Type.Null()])) }),
        sort: Type.Optional(Type.Array(Type.Unknown())),
      }),
    ),
  ),
  scroll_id: Type.Optional(Type.String()),
});

// `GET /search` is no route of the search service: it stands in for the name search behind the gateway's
// `GET /secured/filesystem/index` (the catalogue's endpoints-extra.tsv), answering data-info's stats
// (common-swagger-api schema/stats.clj) of what matched.
export const NameSearch = Type.Object({
  total: Type.Integer(),
  hits: Type.Array(Type.Object({ id: Type.String(), path: Type.String(), type: Type.String() })),
});
