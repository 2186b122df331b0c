/**
 * The reference of the manifest measurement: a bare Fastify in a process of its own answering
 * `/bench/constant/<n>` with constant bytes and headers — the n-th of the manifests the gateway
 * served, body and headers as it served them, read from the JSON file named on the command line.
 * Prints `{"port":…}` once listening; stops on SIGTERM.
 *
 *   node --import tsx scripts/bench/publish/constant-server.ts <answers.json>
 */
import { readFileSync } from "node:fs";
import Fastify from "fastify";
import { CONSTANT_PATH, type ConstantAnswer } from "./bench-constants.ts";

const [file] = process.argv.slice(2);
if (!file) {
  process.stderr.write("usage: constant-server.ts <answers.json>\n");
  process.exit(2);
}
const answers = (JSON.parse(readFileSync(file, "utf8")) as ConstantAnswer[]).map((answer) => ({
  headers: answer.headers,
  body: Buffer.from(answer.bodyBase64, "base64"),
}));
const app = Fastify({ logger: false });
app.get<{ Params: { index: string } }>(`${CONSTANT_PATH}/:index`, (request, reply) => {
  const answer = answers[Number(request.params.index)];
  if (!answer) return reply.code(404).send();
  return reply.headers(answer.headers).send(answer.body);
});
const address = await app.listen({ host: "127.0.0.1", port: 0 });
process.stdout.write(`${JSON.stringify({ port: Number(new URL(address).port) })}\n`);
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
