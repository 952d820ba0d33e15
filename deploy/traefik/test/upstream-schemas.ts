import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { createGenerator } from "ts-json-schema-generator";
import { root } from "../src/workspace.js";

/**
 * The schemas the tools publish, vendored in deploy/traefik/schemas or, for Traefik's, derived from the packages
 * SchemaStore publishes them in (sources and licences in that folder's README.md), made strict as kubeconform -strict
 * makes Kubernetes' (openapi2jsonschema --strict): an object schema that lists its properties takes no other, so a
 * misspelt field is an error. schemas/overlay.json is the one place where they are extended, each entry saying why.
 */
const SCHEMAS_DIR = join(root, "deploy/traefik/schemas");
type Schema = Record<string, unknown>;
type OverlayEntry = { why: string; pointer: string; schema: Schema };
const overlay = JSON.parse(readFileSync(join(SCHEMAS_DIR, "overlay.json"), "utf8")) as Record<string, OverlayEntry[]>;

/**
 * How ts-json-schema-generator writes "any other property, of any value" (a TypeScript `[k: string]: unknown`, which
 * json-schema-to-typescript writes where a JSON schema says nothing of other properties): saying nothing, as far as
 * strictness goes.
 */
const ANY_OTHER = JSON.stringify({ anyOf: [{}, { not: {} }] });

/** Every object schema that names its properties and says nothing of others gets additionalProperties: false. */
function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict);
  if (typeof schema !== "object" || schema === null) return schema;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    // Under these keywords the keys are names (of properties, definitions), never keywords.
    copy[key] = ["properties", "definitions", "patternProperties"].includes(key)
      ? Object.fromEntries(Object.entries(value as Schema).map(([name, item]) => [name, strict(item)]))
      : strict(value);
  }
  if (copy.properties && JSON.stringify(copy.additionalProperties) === ANY_OTHER) delete copy.additionalProperties;
  if (copy.properties && !("additionalProperties" in copy) && !("patternProperties" in copy)) {
    copy.additionalProperties = false;
  }
  return copy;
}

/** A schema with its overlay entries (by its file or package) set, its draft marker dropped (ajv's default draft reads them all). */
function withOverlay(name: string, { $schema: _draft, $id: _id, ...schema }: Schema): Schema {
  for (const { pointer, schema: node } of overlay[name] ?? []) {
    const path = pointer.split("/").slice(1);
    const last = path.pop() as string;
    const parent = path.reduce((node: Schema | undefined, segment) => node?.[segment] as Schema | undefined, schema);
    if (!parent) throw new Error(`schemas/overlay.json: ${name} has nothing at ${pointer}`);
    parent[last] = node;
  }
  return schema;
}

const vendored = (file: string): Schema =>
  withOverlay(file, JSON.parse(readFileSync(join(SCHEMAS_DIR, file), "utf8")) as Schema);

/**
 * A schema no registry reachable here ships as JSON, from TypeScript types a package generates from it: SchemaStore's
 * updater publishes each of its schemas on npm as types (`@schemastore/<name>`, by json-schema-to-typescript), and
 * kubernetes-models its CRDs' (`@kubernetes-models/traefik`, from Traefik's CRD schemas). ts-json-schema-generator
 * turns the types back into a JSON schema as the tests load: field names, types, required fields and closed objects
 * are the schema's. Taken from the installed package, not vendored (SchemaStore's packages are GPL-3.0).
 */
function fromTypes(pkg: string, file: string, type: string): Schema {
  const path = join(dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`)), file);
  const generator = createGenerator({ path, type, skipTypeCheck: true, jsDoc: "none", topRef: true });
  return withOverlay(pkg, generator.createSchema(type) as Schema);
}

const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
const messages = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((error) => {
    const extra = (error.params as { additionalProperty?: string }).additionalProperty;
    return `${error.instancePath || "/"} ${error.message}${extra ? `: ${extra}` : ""}`;
  });
const checker = (validate: ValidateFunction) => (document: unknown) =>
  validate(document) ? [] : messages(validate.errors);
/** The checker of a schema made strict. */
const strictChecker = (schema: Schema) => checker(ajv.compile(strict(schema) as Schema));

/** A checker made on its first call: deriving a schema from its TypeScript types takes about a second. */
const onFirstCall = (make: () => (document: unknown) => string[]) => {
  let check: ((document: unknown) => string[]) | undefined;
  return (document: unknown) => {
    check ??= make();
    return check(document);
  };
};

/** Traefik's file provider (dynamic configuration): SchemaStore's traefik-v3-file-provider.json. */
export const traefikDynamicErrors = onFirstCall(() =>
  strictChecker(
    fromTypes(
      "@schemastore/traefik-v3-file-provider",
      "index.d.ts",
      "HttpsJsonSchemastoreOrgTraefikV3FileProviderJson",
    ),
  ),
);
/** Traefik's static configuration (traefik.yml): SchemaStore's traefik-v3.json, with the overlay's entries. */
export const traefikStaticErrors = onFirstCall(() =>
  strictChecker(fromTypes("@schemastore/traefik-v3", "index.d.ts", "TraefikV3StaticConfiguration")),
);
/**
 * A compose file: the compose-spec schema. It is strict as published (every mapping closed, `x-` extensions
 * aside), so it is taken as it is.
 */
export const composeSchemaErrors = checker(ajv.compile(vendored("compose-spec.json")));

/**
 * The Kubernetes API's definitions (SchemaStore's kubernetes-definitions.json, Kubernetes 1.18's OpenAPI), each
 * kind the generator writes by its definition. policy/v1 and autoscaling/v2 are the promotions of
 * policy/v1beta1 and autoscaling/v2beta2, whose definitions have the fields the generator uses under the same
 * names; kubernetes-models (Kubernetes' current OpenAPI, not strict) checks the current versions beside them.
 */
const KUBERNETES_DEFINITIONS: Record<string, string> = {
  "v1/Namespace": "io.k8s.api.core.v1.Namespace",
  "v1/Service": "io.k8s.api.core.v1.Service",
  "apps/v1/Deployment": "io.k8s.api.apps.v1.Deployment",
  "policy/v1/PodDisruptionBudget": "io.k8s.api.policy.v1beta1.PodDisruptionBudget",
  "autoscaling/v2/HorizontalPodAutoscaler": "io.k8s.api.autoscaling.v2beta2.HorizontalPodAutoscaler",
};
ajv.addSchema({ $id: "kubernetes", ...(strict(vendored("kubernetes-definitions.json")) as Schema) });

const INGRESS_ROUTE = "traefik.io/v1alpha1/IngressRoute";
/**
 * An IngressRoute: its spec by Traefik's CRD schema (through the types @kubernetes-models/traefik generates from it),
 * its metadata by Kubernetes' ObjectMeta, and nothing beside them (TypeMeta's two fields), as the CRD's object is.
 */
const ingressRouteErrors = onFirstCall(() => {
  const spec = fromTypes(
    "@kubernetes-models/traefik",
    "traefik.io/v1alpha1/IngressRouteSpec.d.ts",
    "IIngressRouteSpec",
  );
  ajv.addSchema({ $id: "ingress-route-spec", ...(strict(spec) as Schema) });
  return checker(
    ajv.compile({
      type: "object",
      required: ["apiVersion", "kind", "metadata", "spec"],
      additionalProperties: false,
      properties: {
        apiVersion: { const: "traefik.io/v1alpha1" },
        kind: { const: "IngressRoute" },
        metadata: { $ref: "kubernetes#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta" },
        spec: { $ref: "ingress-route-spec" },
      },
    }),
  );
});

/** The strict Kubernetes schema's problems with an object, or that there is no schema for its kind. */
export function kubernetesSchemaErrors(document: { apiVersion?: unknown; kind?: unknown }): string[] {
  const kind = `${document.apiVersion}/${document.kind}`;
  if (kind === INGRESS_ROUTE) return ingressRouteErrors(document);
  const definition = KUBERNETES_DEFINITIONS[kind];
  if (!definition) return [`no Kubernetes schema for ${kind}`];
  const validate = ajv.getSchema(`kubernetes#/definitions/${definition}`) as ValidateFunction;
  return validate(document) ? [] : messages(validate.errors);
}

/** A kustomization.yaml: SchemaStore's kustomization.json (kustomize's own types), the ConfigMaps and Secrets it generates included. */
export const kustomizationErrors = strictChecker(vendored("kustomization.json"));

/** The kinds the strict Kubernetes schemas cover. */
export const STRICT_KUBERNETES_KINDS = [...Object.keys(KUBERNETES_DEFINITIONS), INGRESS_ROUTE];

/** A copy of `document` with a field `key: true` planted in the mapping at `path`, for the misspelt-field tests. */
export function withPlantedField<T>(document: T, path: readonly string[], key: string): T {
  type Mapping = Record<string, unknown>;
  const copy = structuredClone(document);
  const parent = path.reduce((node, segment) => node[segment] as Mapping, copy as Mapping);
  parent[key] = true;
  return copy;
}
