/**
 * Starts the real upstream on 127.0.0.1:0 over a temporary data dir, with an adjustable clock, and
 * talks to it with fetch — the tests drive it over HTTP exactly as the gateway does. With
 * UPSTREAM_TEST_BACKEND=postgres the store is PostgreSQL's instead (a schema of its own on the test
 * server, test/helpers/store-backends.ts, dropped on close): the same suites, the other backend
 * (postgres-http-suites.test.ts runs a set of them so).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildUpstream, type UpstreamOptions } from "../../../server/upstream/app.ts";
import { DEMO_LOGINS, DEMO_PASSWORD } from "../../../server/upstream/seed/demo-accounts.ts";
import { createTestSchema, type TestSchema } from "../../helpers/store-backends.ts";

/** The store backend the suites run on (UPSTREAM_TEST_BACKEND: `sqlite`, the default, or `postgres`). */
export const UPSTREAM_TEST_BACKEND = process.env.UPSTREAM_TEST_BACKEND === "postgres" ? "postgres" : "sqlite";

/** A cheap scrypt cost for tests; the production cost is checked in identity.test.ts. */
export const TEST_PASSWORD_COST = { N: 1024, r: 8, p: 1 };

/** A clock the test moves by hand. */
export class TestClock {
  ms = Date.UTC(2025, 0, 15, 9, 0, 0);
  readonly now = () => new Date(this.ms);
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** A running upstream. */
export interface RunningUpstream {
  app: FastifyInstance;
  baseUrl: string;
  dataDir: string;
  clock: TestClock;
  /** The PostgreSQL store's URL when the suite runs on PostgreSQL (another instance opens the same). */
  databaseUrl?: string;
  /** Stops the server; the data dir stays for a restart. */
  stop(): Promise<void>;
  /** Stops the server and removes the data dir. */
  close(): Promise<void>;
}

/** The PostgreSQL schema of each data dir in use, with UPSTREAM_TEST_BACKEND=postgres. */
const schemasByDataDir = new Map<string, TestSchema>();

/** Starts an upstream (seeded by default) on a fresh or given data dir. */
export async function startUpstream(
  options: Partial<UpstreamOptions> & { dataDir?: string; clock?: TestClock } = {},
): Promise<RunningUpstream> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "tessera-upstream-"));
  const clock = options.clock ?? new TestClock();
  // A restart on the same data dir finds the same store, as it finds the same SQLite file.
  let schema: TestSchema | null = null;
  if (UPSTREAM_TEST_BACKEND === "postgres" && options.databaseUrl === undefined) {
    schema = schemasByDataDir.get(dataDir) ?? (await createTestSchema());
    schemasByDataDir.set(dataDir, schema);
  }
  const app = await buildUpstream({
    seed: true,
    passwordCost: TEST_PASSWORD_COST,
    now: clock.now,
    ...(schema ? { databaseUrl: schema.url } : {}),
    ...options,
    dataDir,
  });
  const baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await app.close();
  };
  return {
    app,
    baseUrl,
    dataDir,
    clock,
    databaseUrl: schema?.url ?? options.databaseUrl,
    stop,
    close: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
      if (schema) schemasByDataDir.delete(dataDir);
      await schema?.drop();
    },
  };
}

/**
 * Another instance of a running upstream, as several instances share one store: the same data dir
 * (a second SQLite connection on its file, WAL, the busy timeout between them) and the same clock,
 * its own HTTP and WebSocket listener. Its `close()` only stops it; the first instance's removes the dir.
 */
export async function startAnotherInstance(
  first: RunningUpstream,
  options: Partial<UpstreamOptions> = {},
): Promise<RunningUpstream> {
  const other = await startUpstream({
    ...options,
    dataDir: first.dataDir,
    clock: first.clock,
    ...(first.databaseUrl ? { databaseUrl: first.databaseUrl } : {}),
  });
  return { ...other, close: other.stop };
}

/**
 * SQL straight on an upstream's store, on whichever backend the suite runs: for what no API reaches
 * (what a crash leaves behind, what is kept at rest). Placeholders are `?`; write SQL both backends
 * read alike. Counts and other BIGINT results come back as strings from PostgreSQL: wrap in Number().
 */
export interface StoreSql {
  all<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  run(sql: string, params?: readonly unknown[]): Promise<void>;
  close(): Promise<void>;
}

/** Opens SQL on a running or stopped upstream's store (its SQLite file, or its PostgreSQL schema). */
export async function openStoreSql(upstream: RunningUpstream): Promise<StoreSql> {
  if (upstream.databaseUrl) {
    const client = new pg.Client({ connectionString: upstream.databaseUrl });
    await client.connect();
    const numbered = (sql: string) => {
      let n = 0;
      return sql.replace(/\?/g, () => `$${++n}`);
    };
    return {
      all: async <Row>(sql: string, params: readonly unknown[] = []) =>
        (await client.query(numbered(sql), [...params])).rows as Row[],
      run: async (sql, params = []) => {
        await client.query(numbered(sql), [...params]);
      },
      close: () => client.end(),
    };
  }
  const db = new Database(join(upstream.dataDir, "upstream.sqlite"));
  return {
    all: async <Row>(sql: string, params: readonly unknown[] = []) => db.prepare(sql).all(...params) as Row[],
    run: async (sql, params = []) => {
      db.prepare(sql).run(...params);
    },
    close: async () => {
      db.close();
    },
  };
}

/** A parsed JSON body, read field by field in assertions. */
// biome-ignore lint/suspicious/noExplicitAny: tests read response JSON ad hoc; assertions check the shapes
export type Json = any;

/** A response with its parsed JSON (or raw bytes) body. */
export interface Reply<T = Json> {
  status: number;
  headers: Headers;
  body: T;
}

/** An HTTP client bound to a base URL and optionally a bearer token. */
export class Client {
  constructor(
    readonly baseUrl: string,
    readonly token?: string,
  ) {}

  /** The same client with another token. */
  as(token: string | undefined): Client {
    return new Client(this.baseUrl, token);
  }

  async request<T = Json>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const init: RequestInit = { method, headers: { ...headers } };
    if (this.token) (init.headers as Record<string, string>).authorization = `Bearer ${this.token}`;
    if (body !== undefined) {
      if (body instanceof FormData || typeof body === "string") init.body = body as BodyInit;
      else {
        (init.headers as Record<string, string>)["content-type"] = "application/json";
        init.body = JSON.stringify(body);
      }
    }
    const response = await fetch(`${this.baseUrl}${path}`, init);
    const type = response.headers.get("content-type") ?? "";
    const raw = Buffer.from(await response.arrayBuffer());
    const parsed =
      type.includes("application/json") && raw.length > 0 ? JSON.parse(raw.toString("utf8")) : raw;
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  get<T = Json>(path: string, headers?: Record<string, string>) {
    return this.request<T>("GET", path, undefined, headers);
  }
  post<T = Json>(path: string, body?: unknown) {
    return this.request<T>("POST", path, body);
  }
  put<T = Json>(path: string, body?: unknown) {
    return this.request<T>("PUT", path, body);
  }
  delete<T = Json>(path: string, body?: unknown) {
    return this.request<T>("DELETE", path, body);
  }
}

/** The demo login names. */
export type DemoUser = keyof typeof DEMO_LOGINS;

/** Signs a demo user in (password step only) and returns a client carrying the session token. */
export async function signIn(upstream: RunningUpstream, who: DemoUser): Promise<Client> {
  const login = DEMO_LOGINS[who];
  const reply = await new Client(upstream.baseUrl).post("/api/Login", {
    Domain: login.domain,
    Email: login.email,
    Password: DEMO_PASSWORD,
  });
  if (reply.status !== 200 || typeof reply.body.Token !== "string") {
    throw new Error(`sign-in of ${who} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  }
  return new Client(upstream.baseUrl, reply.body.Token);
}

/** The record id of the caller's object of `type` named `name`. */
export async function objectId(client: Client, type: string, name: string): Promise<number> {
  const reply = await client.get(`/api/Objects?type=${type}`);
  const found = (reply.body as { RecId: number; Name: string }[]).find((object) => object.Name === name);
  if (!found) throw new Error(`no ${type} named ${name}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return found.RecId;
}

/** Names of the seeded sample connections. */
export const SAMPLE_CONNECTIONS = {
  retail: "Retail warehouse (sample)",
  documents: "Orders document store (sample)",
  contoso: "Contoso warehouse",
} as const;
