import {
  DEFAULT_PORTS,
  defaultEndpoints,
  serviceEnvironmentFor,
  tracingEnvironmentFor,
} from "@de-gateway/backend-simulators";
import type { ServiceRoutes } from "@de-gateway/routing";
import { composeUpstream } from "./routers-file.js";

/**
 * What a service in a container stack (compose or Kubernetes) is told about the simulators, reached as
 * `simulators:<port>`, its spans going to their trace receiver. DE_JWT_PUBLIC_KEY (and the CoGe signing key) are
 * left out: the simulators make new key pairs at every start, so they cannot be written down.
 */
export function simulatorsEnvironment(): Record<string, string> {
  const { DE_JWT_PUBLIC_KEY: _unknowable, ...environment } = serviceEnvironmentFor(defaultEndpoints("simulators"));
  return { ...environment, ...tracingEnvironmentFor({ traces: `http://simulators:${DEFAULT_PORTS.traces}` }) };
}

/**
 * The keys the simulators make anew at every start, which no stack file can hold: the public key of the
 * `X-Iplant-De-Jwt` tokens and the key the data service signs CoGe's tokens with. A real platform gives its own.
 */
const PLATFORM_KEYS = ["DE_JWT_PUBLIC_KEY", "DE_JWT_SIGNING_KEY"];

/**
 * OpenTelemetry's standard settings that are the deployer's beside the collector's address (which the development
 * stacks point at the simulators' receiver): the encoding its collector takes (the development stacks keep the
 * services' default, protobuf), how much to sample and what to add to every span's resource.
 */
const TRACING_KEYS = ["OTEL_EXPORTER_OTLP_PROTOCOL", "OTEL_TRACES_SAMPLER_ARG", "OTEL_RESOURCE_ATTRIBUTES"];

/** The service's name in its spans, the same wherever it runs. */
export const SERVICE_NAME_SETTING = "OTEL_SERVICE_NAME";

/**
 * Every variable whose value is the platform's to give (its backends, identity provider, mail relay, accounts,
 * keys and trace collector), as opposed to the services' own settings: the development layers give the simulators'
 * values, a real deployment its own.
 */
export const platformVariables = (): Set<string> =>
  new Set([...Object.keys(simulatorsEnvironment()), ...PLATFORM_KEYS, ...TRACING_KEYS]);

/** The docs service's OPENAPI_SOURCES in a container stack: every other service, as Traefik reaches it. */
export const documentSources = (services: readonly ServiceRoutes[]) =>
  services
    .filter(({ service }) => service !== "docs")
    .map((service) => `${service.service}=${composeUpstream(service)}`)
    .join(",");
