import { ENCODED_CHARACTER_OPTIONS } from "@de-gateway/routing";
import { Type } from "typebox";

// Traefik publishes no JSON schema of its v3 configuration in a registry reachable here, so these TypeBox
// schemas describe the parts of it this repository uses, closed to anything else (a typo fails the test).
const closed = { additionalProperties: false } as const;
const Duration = Type.String({ pattern: "^\\d+(ms|s|m|h)$" });
const Name = Type.String({ pattern: "^[A-Za-z0-9-]+$" });

export const DynamicConfigSchema = Type.Object(
  {
    http: Type.Object(
      {
        routers: Type.Record(
          Name,
          Type.Object(
            {
              rule: Type.String({ minLength: 1 }),
              priority: Type.Integer({ minimum: 1 }),
              entryPoints: Type.Array(Name, { minItems: 1 }),
              service: Name,
            },
            closed,
          ),
        ),
        services: Type.Record(
          Name,
          Type.Object(
            {
              loadBalancer: Type.Object(
                {
                  servers: Type.Array(Type.Object({ url: Type.String({ pattern: "^https?://[^/]+$" }) }, closed), {
                    minItems: 1,
                  }),
                  passHostHeader: Type.Optional(Type.Boolean()),
                  healthCheck: Type.Optional(
                    Type.Object(
                      { path: Type.String({ pattern: "^/" }), interval: Duration, timeout: Duration },
                      closed,
                    ),
                  ),
                },
                closed,
              ),
            },
            closed,
          ),
        ),
      },
      closed,
    ),
  },
  closed,
);

const EncodedCharacters = Type.Object(
  Object.fromEntries(Object.keys(ENCODED_CHARACTER_OPTIONS).map((option) => [option, Type.Boolean()])),
  closed,
);

export const StaticConfigSchema = Type.Object(
  {
    global: Type.Object({ checkNewVersion: Type.Boolean(), sendAnonymousUsage: Type.Boolean() }, closed),
    entryPoints: Type.Record(
      Name,
      Type.Object(
        {
          address: Type.String({ pattern: "^:\\d+$" }),
          transport: Type.Optional(
            Type.Object(
              {
                lifeCycle: Type.Object({ graceTimeOut: Duration }, closed),
                respondingTimeouts: Type.Optional(
                  Type.Object(
                    {
                      readTimeout: Type.Optional(Duration),
                      writeTimeout: Type.Optional(Duration),
                      idleTimeout: Type.Optional(Duration),
                    },
                    closed,
                  ),
                ),
              },
              closed,
            ),
          ),
          http: Type.Optional(
            Type.Object(
              {
                sanitizePath: Type.Optional(Type.Boolean()),
                encodeQuerySemicolons: Type.Optional(Type.Boolean()),
                encodedCharacters: Type.Optional(EncodedCharacters),
              },
              closed,
            ),
          ),
        },
        closed,
      ),
    ),
    ping: Type.Object({ entryPoint: Name }, closed),
    metrics: Type.Object(
      {
        prometheus: Type.Object(
          {
            entryPoint: Name,
            addRoutersLabels: Type.Optional(Type.Boolean()),
            addServicesLabels: Type.Optional(Type.Boolean()),
          },
          closed,
        ),
      },
      closed,
    ),
    providers: Type.Object(
      { file: Type.Object({ directory: Type.String({ pattern: "^/" }), watch: Type.Boolean() }, closed) },
      closed,
    ),
    log: Type.Object(
      { level: Type.Union(["TRACE", "DEBUG", "INFO", "WARN", "ERROR"].map((l) => Type.Literal(l))) },
      closed,
    ),
    accessLog: Type.Object({}, closed),
  },
  closed,
);
