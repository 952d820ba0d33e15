import {
  type PassthroughFamily,
  type PathParameters,
  registerPassthroughs,
  streamRequestBodies,
} from "@de-gateway/backend-clients";
import type { FastifyPluginAsync } from "fastify";
import { Type } from "typebox";
import { Uuid, UuidText } from "../schemas.js";

const PATH_PARAMETERS: PathParameters = {
  "data-id": { name: "dataId", schema: UuidText },
  "template-id": { name: "templateId", schema: Type.String({ minLength: 1, description: "the template's UUID" }) },
  "attribute-id": { name: "attributeId", schema: Type.String({ minLength: 1, description: "the attribute's UUID" }) },
  "tag-id": { name: "tagId", schema: Uuid("the tag's UUID") },
};

/** File types, straight to the file-info backend (folder creation and path lists: checked-passthroughs.ts). */
const filesystem: PassthroughFamily = {
  tag: "filesystem",
  rows: [
    {
      method: "GET",
      path: "/secured/filetypes/type-list",
      backendPath: "/file-types",
      summary: "The info types a file can have",
    },
  ],
};

const DATA = "/secured/filesystem/{data-id}";

/** A file's or folder's metadata (AVUs), kept by the file-info backend (saving it to a file: checked-passthroughs.ts). */
const fileMetadata: PassthroughFamily = {
  tag: "file-metadata",
  rows: [
    {
      method: "GET",
      path: `${DATA}/metadata`,
      backendPath: "/data/{data-id}/metadata",
      summary: "The metadata of a file or folder",
    },
    {
      method: "POST",
      path: `${DATA}/metadata`,
      backendPath: "/data/{data-id}/metadata",
      backendMethod: "PUT",
      summary: "Replace the metadata of a file or folder",
    },
    {
      method: "POST",
      path: `${DATA}/metadata/add`,
      backendPath: "/data/{data-id}/metadata",
      backendMethod: "PATCH",
      summary: "Add metadata to a file or folder, keeping what it has",
    },
    {
      method: "POST",
      path: `${DATA}/ore/save`,
      backendPath: "/data/{data-id}/ore/save",
      summary: "Save an OAI-ORE description of a folder",
    },
  ],
};

const TEMPLATE = "/secured/filesystem/metadata/template/{template-id}";
const ADMIN_TEMPLATES = "/admin/filesystem/metadata/templates";

/** Metadata templates, kept by the metadata backend (adding and changing them: template-changes.ts). */
const metadataTemplates: PassthroughFamily = {
  tag: "metadata-templates",
  rows: [
    {
      method: "GET",
      path: "/secured/filesystem/metadata/templates",
      backend: "metadata",
      backendPath: "/templates",
      summary: "The metadata templates",
    },
    {
      method: "GET",
      path: TEMPLATE,
      backend: "metadata",
      backendPath: "/templates/{template-id}",
      summary: "A metadata template",
    },
    {
      method: "GET",
      path: `${TEMPLATE}/blank-csv`,
      backend: "metadata",
      backendPath: "/templates/{template-id}/blank-csv",
      summary: "A blank CSV of a template's attributes",
    },
    {
      method: "GET",
      path: `${TEMPLATE}/guide-csv`,
      backend: "metadata",
      backendPath: "/templates/{template-id}/guide-csv",
      summary: "A CSV guide to a template's attributes",
    },
    {
      method: "GET",
      path: `${TEMPLATE}/zip-csv`,
      backend: "metadata",
      backendPath: "/templates/{template-id}/zip-csv",
      summary: "A zip of a template's blank CSV and CSV guide",
    },
    {
      method: "GET",
      path: "/secured/filesystem/metadata/template/attr/{attribute-id}",
      backend: "metadata",
      backendPath: "/templates/attr/{attribute-id}",
      summary: "A template attribute",
    },
    {
      method: "GET",
      path: ADMIN_TEMPLATES,
      backend: "metadata",
      backendPath: "/admin/templates",
      summary: "Every metadata template, deleted ones too",
    },
    {
      method: "DELETE",
      path: `${ADMIN_TEMPLATES}/{template-id}`,
      backend: "metadata",
      backendPath: "/admin/templates/{template-id}",
      summary: "Delete a metadata template",
    },
  ],
};

/** The caller's own tags, kept by the metadata backend. */
const userTags: PassthroughFamily = {
  tag: "tags",
  rows: [
    {
      method: "POST",
      path: "/secured/tags/user",
      backend: "metadata",
      backendPath: "/tags/user",
      summary: "Create a tag",
    },
    {
      method: "PATCH",
      path: "/secured/tags/user/{tag-id}",
      backend: "metadata",
      backendPath: "/tags/user/{tag-id}",
      summary: "Change a tag's value or description",
    },
    {
      method: "DELETE",
      path: "/secured/tags/user/{tag-id}",
      backend: "metadata",
      backendPath: "/tags/user/{tag-id}",
      summary: "Delete a tag (detaching it everywhere)",
    },
    {
      method: "GET",
      path: "/secured/tags/suggestions",
      backend: "metadata",
      backendPath: "/tags/suggestions",
      summary: "The caller's tags containing some text (contains, limit)",
    },
  ],
};

/** Every passthrough row of the data service, in a context where request bodies stream unparsed. */
export const passthroughRoutes: FastifyPluginAsync = async (app) => {
  streamRequestBodies(app);
  registerPassthroughs(app, [filesystem, fileMetadata, metadataTemplates, userTags], {
    parameters: PATH_PARAMETERS,
    defaultBackend: "fileInfo",
  });
};
