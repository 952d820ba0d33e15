import { runService } from "@de-gateway/service-kit";
import { buildApp } from "./app.js";
import { Config } from "./config.js";

await runService({ name: "docs", configSchema: Config, build: buildApp });
