import type { FastifyInstance, FastifyRequest } from "fastify";
import { answers, NoBody } from "../framework/answers.js";
import { callerOf, queryOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest, notFound } from "../framework/problems.js";
import { paged, queryText } from "../framework/request-values.js";
import {
  classIrisOf,
  type HierarchyNode,
  hierarchyOf,
  parseOntology,
  SEED_HIERARCHY_ROOTS,
  SEED_ONTOLOGY_IRI,
  SEED_ONTOLOGY_VERSION,
  SEED_ONTOLOGY_XML,
} from "../metadata/ontology.js";
import {
  ActiveOntologyDetailsList,
  AdminAppListing,
  AppCategoryOntologyVersionDetails,
  AppListing,
  OntologyHierarchy,
  OntologyHierarchyList,
} from "./answer-schemas/apps.js";
import { listingDetail } from "./app-listing.js";
import { appAvuValues, CLASS_ATTRIBUTE } from "./app-metadata-store.js";
import { type AppRecord, catalogOf, visibleApps } from "./catalog-store.js";
import { workspaceOf } from "./login.js";

/** An ontology version as the apps backend knows it, and whether it is the one users see. */
export interface OntologyVersion {
  version: string;
  iri: string;
  created_by: string;
  created_on: number;
  deleted: boolean;
  applied_by?: string;
  applied?: number;
}

/**
 * The apps backend's side of ontologies: which version is active and the hierarchies users browse.
 * The real backend reads the classes from the metadata backend; this one starts from the same seed
 * ontology the metadata simulator holds, so both agree on the demo data.
 */
export interface HierarchiesState {
  versions: Map<string, OntologyVersion>;
  active: string;
}

type All = () => Record<string, unknown>;
type HierarchyParams = { Params: { version: string; rootIri: string } };

const SEED_CLASSES = parseOntology(SEED_ONTOLOGY_XML)?.classes ?? new Map();

function hierarchy(state: HierarchiesState, version: string, rootIri: string): HierarchyNode {
  if (!state.versions.has(version) || state.versions.get(version)?.deleted) {
    throw notFound(`ontology version ${version} not found`);
  }
  // Any class of the version can serve as a root, as in the metadata backend.
  const node = version === SEED_ONTOLOGY_VERSION ? hierarchyOf(SEED_CLASSES, rootIri) : undefined;
  if (!node) throw notFound(`no hierarchy rooted at ${rootIri} in ontology version ${version}`);
  return node;
}

function classesOf(app: AppRecord, attr: string, all: All): string[] {
  return appAvuValues(all, app.id, attr);
}

/** Keeps the classes that hold some of the given apps, directly or further down. */
function pruned(node: HierarchyNode, holds: (iri: string) => boolean): HierarchyNode | undefined {
  const subclasses = (node.subclasses ?? []).flatMap((child) => pruned(child, holds) ?? []);
  if (!subclasses.length && !holds(node.iri)) return undefined;
  const { subclasses: _all, ...rest } = node;
  return subclasses.length ? { ...rest, subclasses } : rest;
}

function filteredHierarchy(node: HierarchyNode, apps: AppRecord[], attr: string, all: All) {
  const used = new Set(apps.flatMap((app) => classesOf(app, attr, all)));
  return pruned(node, (iri) => used.has(iri)) ?? { iri: node.iri, label: node.label };
}

function appsListing(apps: AppRecord[], request: FastifyRequest, username: string, all: All) {
  const listed = apps.map((app) => listingDetail(app, username, all));
  return { total: listed.length, apps: paged(listed, queryOf(request), "name") };
}

function split(node: HierarchyNode, apps: AppRecord[], attr: string, all: All) {
  const inside = new Set(classIrisOf(node));
  const classified = apps.filter((app) => classesOf(app, attr, all).some((iri) => inside.has(iri)));
  return { classified, unclassified: apps.filter((app) => !classified.includes(app)) };
}

/** Administrators browse any version over every app; users the active version over the apps they see. */
function hierarchyRoutes(scope: FastifyInstance, prefix: string, state: () => HierarchiesState, all: All) {
  const admin = prefix.startsWith("/admin");
  const listing = answers({ 200: admin ? AdminAppListing : AppListing });
  const context = (request: FastifyRequest<HierarchyParams>) => {
    const caller = callerOf(request);
    const version = admin ? request.params.version : state().active;
    const apps = admin
      ? [...catalogOf(all).apps.values()].filter((app) => !app.deleted)
      : visibleApps(catalogOf(all), caller.username);
    const attr = queryText(queryOf(request), "attr") ?? CLASS_ATTRIBUTE;
    return { caller, apps, attr, node: hierarchy(state(), version, request.params.rootIri) };
  };
  scope.get<HierarchyParams>(`${prefix}/:rootIri`, answers({ 200: OntologyHierarchy }), async (request) => {
    const { apps, attr, node } = context(request);
    return { hierarchy: filteredHierarchy(node, apps, attr, all) };
  });
  scope.get<HierarchyParams>(`${prefix}/:rootIri/apps`, listing, async (request) => {
    const { caller, apps, attr, node } = context(request);
    workspaceOf(all, caller.username);
    return appsListing(split(node, apps, attr, all).classified, request, caller.username, all);
  });
  scope.get<HierarchyParams>(`${prefix}/:rootIri/unclassified`, listing, async (request) => {
    const { caller, apps, attr, node } = context(request);
    workspaceOf(all, caller.username);
    return appsListing(split(node, apps, attr, all).unclassified, request, caller.username, all);
  });
}

function adminRoutes(scope: FastifyInstance, state: () => HierarchiesState) {
  scope.get("/admin/ontologies", answers({ 200: ActiveOntologyDetailsList }), async (request) => {
    callerOf(request);
    const versions = [...state().versions.values()].filter((version) => !version.deleted);
    return {
      ontologies: versions.map(({ iri, version, created_by, created_on }) => ({
        iri: iri || null,
        version,
        created_by,
        created_on: new Date(created_on).toISOString(),
        active: version === state().active,
      })),
    };
  });
  const applied = answers({ 200: AppCategoryOntologyVersionDetails });
  scope.post<{ Params: { version: string } }>("/admin/ontologies/:version", applied, async (request) => {
    const caller = callerOf(request);
    const { version } = request.params;
    const known = state().versions.get(version);
    if (known?.deleted) throw notFound(`ontology version ${version} was deleted`);
    const applied = { applied_by: caller.username, applied: Date.now() };
    state().versions.set(version, {
      ...(known ?? { version, iri: "", created_by: caller.username, created_on: applied.applied, deleted: false }),
      ...applied,
    });
    state().active = version;
    return { version, applied_by: caller.username, applied: new Date(applied.applied).toISOString() };
  });
  // The backend passes on the metadata service's answer, which has no body.
  scope.delete<{ Params: { version: string } }>(
    "/admin/ontologies/:version",
    answers({ 200: NoBody }),
    async (request, reply) => {
      callerOf(request);
      const { version } = request.params;
      const known = state().versions.get(version);
      if (!known || known.deleted) throw notFound(`ontology version ${version} not found`);
      if (version === state().active) {
        throw badRequest("the active ontology version cannot be deleted", "ERR_ILLEGAL_ARGUMENT");
      }
      known.deleted = true;
      return reply.send();
    },
  );
}

/** Apps backend: app hierarchies by ontology class, and the administration of ontology versions. */
export const hierarchies = defineModule<HierarchiesState>({
  makeState: () => ({
    versions: new Map([
      [
        SEED_ONTOLOGY_VERSION,
        {
          version: SEED_ONTOLOGY_VERSION,
          iri: SEED_ONTOLOGY_IRI,
          created_by: "carol",
          created_on: Date.UTC(2026, 0, 15),
          deleted: false,
        },
      ],
    ]),
    active: SEED_ONTOLOGY_VERSION,
  }),
  routes: (app, state, all) =>
    backendScope(app, (scope) => {
      scope.get("/apps/hierarchies", answers({ 200: OntologyHierarchyList }), async (request) => {
        const caller = callerOf(request);
        const apps = visibleApps(catalogOf(all), caller.username);
        const attr = queryText(queryOf(request), "attr") ?? CLASS_ATTRIBUTE;
        const roots = state().active === SEED_ONTOLOGY_VERSION ? SEED_HIERARCHY_ROOTS : [];
        return {
          hierarchies: roots.map((root) =>
            filteredHierarchy(hierarchy(state(), state().active, root), apps, attr, all),
          ),
        };
      });
      hierarchyRoutes(scope, "/apps/hierarchies", state, all);
      hierarchyRoutes(scope, "/admin/ontologies/:version", state, all);
      adminRoutes(scope, state);
    }),
});
