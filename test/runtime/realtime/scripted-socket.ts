/** A WebSocket stand-in the hub client tests drive by hand, and the client they start on it. */
import {
  createHubClient,
  type HubClient,
  type HubClientOptions,
  type HubSocket,
} from "../../../runtime/realtime/hub-client.ts";

/** A socket the test drives: open it, feed it frames, drop it; it records what the client sent. */
export class ScriptedSocket implements HubSocket {
  static all: ScriptedSocket[] = [];
  onopen: HubSocket["onopen"] = null;
  onmessage: HubSocket["onmessage"] = null;
  onclose: HubSocket["onclose"] = null;
  onerror: HubSocket["onerror"] = null;
  readonly sent: Record<string, unknown>[] = [];
  closedWith: number | undefined;

  constructor(readonly url: string) {
    ScriptedSocket.all.push(this);
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000): void {
    this.closedWith = code;
  }
  open(): void {
    this.onopen?.({});
  }
  receive(frame: unknown): void {
    this.onmessage?.({ data: typeof frame === "string" ? frame : JSON.stringify(frame) });
  }
  drop(): void {
    this.onclose?.({ code: 1006 });
  }
  invocations(): Record<string, unknown>[] {
    return this.sent.filter((frame) => frame.t === "invoke");
  }
}

/** The socket the client opened last. */
export const latest = () => ScriptedSocket.all.at(-1) as ScriptedSocket;
/** The gateway's "upstream connected" status frame. */
export const connected = { t: "status", upstream: "connected" };

/** Starts a client on scripted sockets (backoff 1 s doubling to 8 s, no jitter); returns it and its first socket. */
export function startClient(options: Partial<HubClientOptions> = {}): {
  client: HubClient;
  socket: ScriptedSocket;
} {
  const client = createHubClient({
    url: "wss://app.example.com/gw/hub",
    WebSocketImpl: ScriptedSocket,
    reconnect: { initialMs: 1_000, maxMs: 8_000 },
    random: () => 0,
    ...options,
  });
  return { client, socket: latest() };
}
