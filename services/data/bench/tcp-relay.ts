/**
 * The reference hop of the streaming benchmark: a bare TCP relay, each connection piped to the file-info
 * simulator and back, with no HTTP parsing at all. What a transfer loses through it is what any hop costs on
 * this machine (two more socket copies and one more process to schedule), the floor for the data service.
 * `tcp-relay <target port>` listens on an ephemeral loopback port and prints it.
 */
import { connect, createServer } from "node:net";

const target = Number(process.argv[2]);
const relay = createServer((downstream) => {
  const upstream = connect(target, "127.0.0.1");
  downstream.pipe(upstream).on("error", () => downstream.destroy());
  upstream.pipe(downstream).on("error", () => upstream.destroy());
  downstream.on("error", () => upstream.destroy());
  upstream.on("error", () => downstream.destroy());
});
relay.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${(relay.address() as { port: number }).port}\n`);
});
