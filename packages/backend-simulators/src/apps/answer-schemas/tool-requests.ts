import { Type } from "typebox";
import { Uuid } from "./common.js";

// common-swagger-api src/common_swagger_api/schema/tools.clj: tool requests, their status history and codes.

/** tools.clj `ToolRequestStatus`. */
const ToolRequestStatus = Type.Object({
  status: Type.Optional(Type.String()),
  status_date: Type.Integer(),
  updated_by: Type.String(),
  comments: Type.Optional(Type.String()),
});

/** tools.clj `ToolRequestDetails`. */
export const ToolRequestDetails = Type.Object({
  id: Uuid,
  submitted_by: Type.String(),
  phone: Type.Optional(Type.String()),
  tool_id: Type.Optional(Uuid),
  name: Type.String(),
  description: Type.String(),
  source_url: Type.Optional(Type.String()),
  source_upload_file: Type.Optional(Type.String()),
  documentation_url: Type.String(),
  version: Type.String(),
  attribution: Type.Optional(Type.String()),
  multithreaded: Type.Optional(Type.Boolean()),
  test_data_path: Type.String(),
  cmd_line: Type.String(),
  additional_info: Type.Optional(Type.String()),
  additional_data_file: Type.Optional(Type.String()),
  architecture: Type.Optional(
    Type.Union([
      Type.Literal("32-bit Generic"),
      Type.Literal("64-bit Generic"),
      Type.Literal("Others"),
      Type.Literal("Don't know"),
    ]),
  ),
  history: Type.Array(ToolRequestStatus),
  interactive: Type.Optional(Type.Boolean()),
});

/** tools.clj `ToolRequestSummary`. */
export const ToolRequestSummary = Type.Object({
  id: Uuid,
  name: Type.String(),
  version: Type.String(),
  requested_by: Type.String(),
  tool_id: Type.Optional(Uuid),
  date_submitted: Type.Integer(),
  status: Type.String(),
  date_updated: Type.Integer(),
  updated_by: Type.String(),
});

/** tools.clj `ToolRequestListing`. */
export const ToolRequestListing = Type.Object({ tool_requests: Type.Array(ToolRequestSummary) });

/** tools.clj `ToolRequestStatusCodeListing`. */
export const ToolRequestStatusCodeListing = Type.Object({
  status_codes: Type.Array(Type.Object({ id: Uuid, name: Type.String(), description: Type.String() })),
});
