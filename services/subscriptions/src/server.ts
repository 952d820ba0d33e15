import { runService } from "@de-gateway/service-kit";
import { buildApp } from "./app.js";
import { Config } from "./config.js";

await runService({ name: "subscriptions", configSchema: Config, build: buildApp });
