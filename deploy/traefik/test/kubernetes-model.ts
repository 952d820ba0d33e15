import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { IngressRoute } from "@kubernetes-models/traefik/traefik.io/v1alpha1";
import { Deployment } from "kubernetes-models/apps/v1";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1";
import { Namespace, Service } from "kubernetes-models/v1";
import { parse } from "yaml";
import { DEPLOYER_FILES, K8S_DIR, PRODUCTION_DIR } from "../src/k8s/files.js";
import { root } from "../src/workspace.js";

/**
 * The schemas manifests are checked against: the Kubernetes API's (kubernetes-models) and Traefik's CRDs
 * (@kubernetes-models/traefik, generated from Traefik v3's traefik.io/v1alpha1 types). A kind missing here has
 * no schema, and fails the test rather than passing unchecked.
 */
export const MODELS: Record<string, { new (data: never): { validate(): void } }> = {
  "v1/Namespace": Namespace,
  "v1/Service": Service,
  "apps/v1/Deployment": Deployment,
  "policy/v1/PodDisruptionBudget": PodDisruptionBudget,
  "autoscaling/v2/HorizontalPodAutoscaler": HorizontalPodAutoscaler,
  "traefik.io/v1alpha1/IngressRoute": IngressRoute,
};

/** Files of deploy/k8s that are not Kubernetes objects: kustomize's own files, the examples and the Helm values. */
const isObjectFile = (file: string) =>
  !file.endsWith("kustomization.yaml") && !file.endsWith("traefik-values.yaml") && !file.endsWith(".example");
/** The deployer's files beside the production overlay, which git ignores: never the generator's. */
const deployerFiles = new Set(Object.values(DEPLOYER_FILES).map((file) => join(PRODUCTION_DIR, file)));

export interface ManifestFile {
  /** From the repository root. */
  file: string;
  document: { apiVersion: string; kind: string; metadata: { name: string }; [key: string]: unknown };
}

/** Every file under deploy/k8s as it is on disk, by path from the repository root, the deployer's own left out. */
export function filesOnDisk(): Map<string, string> {
  const dir = join(root, K8S_DIR);
  return new Map(
    (readdirSync(dir, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [relative(root, path), readFileSync(path, "utf8")] as const;
      })
      .filter(([file]) => !deployerFiles.has(file))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

export const manifests = (): ManifestFile[] =>
  [...filesOnDisk()]
    .filter(([file]) => isObjectFile(file))
    .map(([file, text]) => ({ file, document: parse(text) as ManifestFile["document"] }));

export const readYaml = <T>(file: string): T => parse(readFileSync(join(root, file), "utf8")) as T;
