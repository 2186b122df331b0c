/**
 * Test-only fault injection for the end-to-end server (never part of the product): a loopback TCP
 * pass-through between the gateway and the embedded upstream that can drop the upstream's hub
 * connections, and a loopback-only HTTP control port to trigger it. A drop closes every hub socket
 * (the gateway sees its upstream hub legs fail, §4.2 network drop) and refuses new hub connections for
 * a while, so the gateway's reconnect attempts fail ("unreachable") before one succeeds again.
 *
 * Control: `POST http://127.0.0.1:<control port>/hub-drop?downMs=<ms>` → `{ "dropped": <sockets> }`.
 */
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { type AddressInfo, connect, createServer, type Server, type Socket } from "node:net";

/** The longest refusal window a drop may ask for. */
export const HUB_DROP_MAX_DOWN_MS = 60_000;
/** The most bytes read while waiting for a connection's request line. */
const REQUEST_LINE_MAX_BYTES = 8_192;
/** Hub traffic (negotiate and the WebSocket upgrade) goes to these paths (server/upstream/app.ts). */
const HUB_REQUEST = /^[A-Z]+ \/hubs\//;

/** The pass-through: where the gateway should point, and how to drop the hubs. */
export interface HubFaultProxy {
  url: string;
  /** Closes the open hub sockets and refuses new hub connections for `downMs`; returns how many closed. */
  drop: (downMs: number) => number;
  close: () => Promise<void>;
}

/** Starts the pass-through to the upstream at `target` (http://127.0.0.1:<port>). */
export async function startHubFaultProxy(target: string): Promise<HubFaultProxy> {
  const { hostname, port } = new URL(target);
  const hubSockets = new Set<Socket>();
  const allSockets = new Set<Socket>();
  let downUntil = 0;

  const server: Server = createServer((client) => {
    allSockets.add(client);
    client.once("close", () => allSockets.delete(client));
    client.on("error", () => client.destroy());
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const lineEnd = head.indexOf("\r\n");
      if (lineEnd < 0 && head.length < REQUEST_LINE_MAX_BYTES) return;
      client.off("data", onData);
      client.pause();
      const isHub = HUB_REQUEST.test(head.subarray(0, Math.max(lineEnd, 0)).toString("latin1"));
      if (isHub && Date.now() < downUntil) {
        client.destroy();
        return;
      }
      const upstream = connect({ host: hostname, port: Number(port) });
      allSockets.add(upstream);
      upstream.once("close", () => allSockets.delete(upstream));
      if (isHub) {
        hubSockets.add(client);
        client.once("close", () => hubSockets.delete(client));
      }
      upstream.on("error", () => client.destroy());
      client.once("close", () => upstream.destroy());
      upstream.once("close", () => client.destroy());
      upstream.write(head);
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    };
    client.on("data", onData);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port: proxyPort } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${proxyPort}`,
    drop(downMs) {
      downUntil = Date.now() + downMs;
      const dropped = hubSockets.size;
      for (const socket of hubSockets) socket.destroy();
      return dropped;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of allSockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Serves the control endpoint on 127.0.0.1:`port` (loopback only). */
export async function startHubFaultControl(proxy: HubFaultProxy, port: number): Promise<HttpServer> {
  const control = createHttpServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (url.pathname !== "/hub-drop") return reply(404, { error: "not found" });
    if (request.method !== "POST") return reply(405, { error: "use POST" });
    const downMs = Number(url.searchParams.get("downMs") ?? "0");
    if (!Number.isInteger(downMs) || downMs < 0 || downMs > HUB_DROP_MAX_DOWN_MS) {
      return reply(400, { error: `downMs must be an integer from 0 to ${HUB_DROP_MAX_DOWN_MS}` });
    }
    reply(200, { dropped: proxy.drop(downMs) });
  });
  await new Promise<void>((resolve, reject) => {
    control.once("error", reject);
    control.listen(port, "127.0.0.1", () => {
      control.off("error", reject);
      resolve();
    });
  });
  return control;
}
