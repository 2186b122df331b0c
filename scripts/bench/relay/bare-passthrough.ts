/**
 * What the benchmark's bare WebSocket relays share: the HTTP calls a SignalR client makes before
 * its socket (`POST /api/Login`, `POST /hubs/<hub>/negotiate`), passed to the upstream with fetch,
 * and the process's start line. Nothing here is measured: the rounds only use the sockets.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The upstream URL from the command line, or exits with the usage line of `script`. */
export function upstreamUrlArgument(script: string): string {
  const upstreamUrl = process.argv[2];
  if (upstreamUrl) return upstreamUrl;
  process.stderr.write(`usage: ${script} <upstreamUrl>\n`);
  process.exit(2);
}

/** An HTTP server passing every plain request on to `upstreamUrl` (upgrades are the caller's). */
export function passThroughServer(upstreamUrl: string): Server {
  return createServer((request, response) => {
    void (async () => {
      const answer = await fetch(`${upstreamUrl}${request.url}`, {
        method: request.method,
        headers: { authorization: request.headers.authorization ?? "" },
        body: request.method === "POST" ? await bodyOf(request) : undefined,
      });
      response.writeHead(answer.status, {
        "content-type": answer.headers.get("content-type") ?? "application/octet-stream",
      });
      response.end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => response.writeHead(502).end());
  });
}

/** Listens on a loopback port, prints `{"port":…}`, and runs `stop` then exits on SIGTERM. */
export function serve(server: Server, stop: () => void): void {
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as { port: number };
    process.stdout.write(`${JSON.stringify({ port })}\n`);
  });
  process.once("SIGTERM", () => {
    stop();
    server.close(() => process.exit(0));
  });
}
