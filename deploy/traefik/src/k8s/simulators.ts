import { DEFAULT_PORTS, DEVELOPMENT_STACK_SETTING } from "@de-gateway/backend-simulators/ports";
import { Deployment } from "kubernetes-models/apps/v1";
import { Service } from "kubernetes-models/v1";
import { imageOf, labelsOf, restrictedContainer, restrictedPod, writableTmp } from "./manifests.js";

const NAME = "simulators";
const labels = labelsOf(NAME);
// The file-info simulator keeps the files uploaded to it under /tmp.
const simulatorsTmp = writableTmp("1Gi");
// Every simulator, the identity provider and the inbox speak HTTP; the SMTP catcher does not.
const ports = Object.entries(DEFAULT_PORTS).map(([name, port]) => ({
  name: name
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "-")
    .slice(0, 15),
  port,
}));

/**
 * The stand-in backends, identity provider and SMTP catcher, one replica (their state is in memory), reached
 * as `simulators:<port>` exactly as in docker-compose; told this is a development stack, without which they refuse
 * to start. Only the development overlay has them.
 */
export function simulatorsDeployment(version: string): Deployment {
  return new Deployment({
    metadata: { name: NAME, labels },
    spec: {
      replicas: 1,
      strategy: { type: "Recreate" },
      selector: { matchLabels: labels },
      template: {
        metadata: { labels },
        spec: {
          ...restrictedPod,
          containers: [
            {
              name: NAME,
              image: imageOf(NAME, version),
              imagePullPolicy: "IfNotPresent",
              ports: ports.map(({ name, port }) => ({ name, containerPort: port, protocol: "TCP" })),
              env: [{ name: DEVELOPMENT_STACK_SETTING, value: "1" }],
              readinessProbe: { httpGet: { path: "/__sim/healthz", port: DEFAULT_PORTS.idp }, periodSeconds: 5 },
              resources: { requests: { cpu: "100m", memory: "128Mi" }, limits: { cpu: "1", memory: "512Mi" } },
              ...restrictedContainer,
              volumeMounts: simulatorsTmp.volumeMounts,
            },
          ],
          volumes: simulatorsTmp.volumes,
        },
      },
    },
  });
}

export const simulatorsService = () =>
  new Service({
    metadata: { name: NAME, labels },
    spec: {
      type: "ClusterIP",
      selector: labels,
      ports: ports.map(({ name, port }) => ({ name, port, targetPort: port, protocol: "TCP" })),
    },
  });
