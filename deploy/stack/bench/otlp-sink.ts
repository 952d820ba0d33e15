/**
 * A trace collector that takes every OTLP/HTTP export and keeps nothing: it reads the body and answers full success
 * (200, an empty ExportTraceServiceResponse). Figure 1's tracing line exports to it, in a process of its own, on the
 * port `PORT` names, until SIGTERM. The simulators' receiver decodes and indexes each span for its pages, about 35 µs
 * of CPU a span, as much as the service spends on a whole request: on this machine's two cores that work, done only
 * while tracing is on, slowed the service measured (docs/performance.md). A collector runs elsewhere.
 */
import { createServer } from "node:http";

const server = createServer((request, response) => {
  request.resume();
  request.once("end", () => {
    const exported = request.method === "POST" && request.url === "/v1/traces";
    response.writeHead(exported ? 200 : 404, { "content-type": "application/x-protobuf", "content-length": 0 });
    response.end();
  });
});
server.listen(Number(process.env.PORT), "127.0.0.1");
process.once("SIGTERM", () => server.close(() => process.exit(0)));
