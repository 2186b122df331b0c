/**
 * The upstream every relay of the benchmark faces, in a process of its own: one small REST endpoint
 * (`GET /api/bench/small`, a constant 200-byte JSON body), the two calls the gateway's session needs
 * (`POST /api/Login`, `GET /api/Common/LoggedInConfig`), and both hubs (`/hubs/user`,
 * `/hubs/supportchat`) on the embedded upstream's SignalR hub server with one method, `Echo`, that
 * answers its argument. Prints `{"port":…}` on stdout once listening; stops on SIGTERM.
 *
 *   node --import tsx scripts/bench/relay/bench-upstream.ts
 */
import { randomBytes } from "node:crypto";
import websocket from "@fastify/websocket";
import Fastify from "fastify";
import { registerHub } from "../../../server/upstream/hubs/index.ts";
import { REST_PATH, SMALL_BODY } from "./bench-constants.ts";

const SESSION_LIFETIME_MS = 12 * 3600_000;
const tokens = new Set<string>();

const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });

app.get("/healthz", async () => ({ status: "ok" }));
app.get(REST_PATH, async (_request, reply) => reply.type("application/json").send(SMALL_BODY));

app.post("/api/Login", async () => {
  const token = randomBytes(32).toString("base64url");
  tokens.add(token);
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS).toISOString();
  return { Token: token, ExpiresAt: expiresAt, AbsoluteExpiresAt: expiresAt, IdleTimeoutSeconds: 1800 };
});

app.get("/api/Common/LoggedInConfig", async (request, reply) => {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
  if (!token || !tokens.has(token))
    return reply.code(401).send({ ErrorCode: 2001, Message: "Not signed in." });
  return {
    User: {
      FullName: "Bench User",
      Email: "bench@bench.example",
      Domain: "bench",
      AccountRecId: 1,
      RecId: 1,
      IsAdmin: false,
      RolePermissions: ["Dashboards_r"],
      AdminPermissions: [],
      Dashboard: "Included",
    },
    ShowLoginAnnouncement: false,
  };
});

for (const path of ["/hubs/user", "/hubs/supportchat"]) {
  registerHub(app, {
    path,
    authenticate: async (_request, accessToken) =>
      accessToken && tokens.has(accessToken) ? { key: accessToken } : null,
    methods: { Echo: (_connection, args) => args[0] ?? null },
  });
}

const address = await app.listen({ host: "127.0.0.1", port: Number(process.env.BENCH_UPSTREAM_PORT ?? 0) });
process.stdout.write(`${JSON.stringify({ port: Number(new URL(address).port) })}\n`);
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
