/**
 * A TCP pass-through on 127.0.0.1 that a test can cut and restore: what a network partition between
 * one gateway instance and a shared server (Redis) looks like to that instance, while the server
 * itself keeps running for everyone else.
 */
import net from "node:net";

/** A pass-through to `127.0.0.1:<target>` on a port of its own. */
export interface TcpProxy {
  /** The port the proxy listens on (the same after a restore). */
  readonly port: number;
  /** Closes the listener and destroys every connection through it: the server is unreachable. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a proxy to `targetPort` on a free loopback port. */
export async function startTcpProxy(targetPort: number, targetHost = "127.0.0.1"): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  let server: net.Server | null = null;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const next = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        track(client);
        track(upstream);
        client.pipe(upstream);
        upstream.pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        server = next;
        resolve((next.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  const cut = async () => {
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  return {
    port,
    cut,
    restore: async () => {
      if (!server) await listen(port);
    },
    close: cut,
  };
}
