/**
 * The benchmark's HTTP client of the gateway: a signed-in browser's cookies (session and CSRF), the
 * CSRF header and Origin the runtime sends, an undici keep-alive pool of six connections (a browser's
 * per-origin limit). Every call is timed from the request to the whole body parsed.
 */
import { Pool } from "undici";
import type { DataQuery, DataQueryResult } from "../../../schemas/payloads/data-query.ts";

/** A cookie as Playwright's context returns it. */
export interface BrowserCookie {
  name: string;
  value: string;
}

/** One timed JSON answer. */
export interface TimedAnswer<T> {
  status: number;
  body: T;
  /** Request sent → body parsed, in ms. */
  ms: number;
}

/** Connections a browser keeps to one origin over HTTP/1.1. */
const CONNECTIONS = 6;

/** A signed-in client of the gateway at `origin`. */
export class GatewayClient {
  private readonly pool: Pool;
  private readonly headers: Record<string, string>;

  constructor(
    readonly origin: string,
    cookies: readonly BrowserCookie[],
  ) {
    const csrf = cookies.find((cookie) => cookie.name === "tessera_csrf")?.value;
    if (!csrf) throw new Error("the signed-in context has no tessera_csrf cookie");
    this.pool = new Pool(origin, { connections: CONNECTIONS, keepAliveTimeout: 300_000 });
    this.headers = {
      accept: "application/json",
      cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; "),
      origin,
      "x-tessera-csrf": csrf,
    };
  }

  /** A JSON call under /api/; throws on an answer other than 2xx. */
  async call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<TimedAnswer<T>> {
    const started = performance.now();
    const answer = await this.pool.request({
      method,
      path: `/api/${path}`,
      headers: body === undefined ? this.headers : { ...this.headers, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await answer.body.text();
    const ms = performance.now() - started;
    if (answer.statusCode < 200 || answer.statusCode >= 300)
      throw new Error(`${method} /api/${path}: ${answer.statusCode} ${text.slice(0, 300)}`);
    return { status: answer.statusCode, body: JSON.parse(text) as T, ms };
  }

  /** One widget's query through the widget call of the dashboard (no viewer filters). */
  widgetQuery(dashboard: number, widgetId: string): Promise<TimedAnswer<DataQueryResult>> {
    return this.call(
      "POST",
      `Content/Dashboards/Objects/${dashboard}/Widgets/${encodeURIComponent(widgetId)}/Query`,
      {},
    );
  }

  /** An ad-hoc query (POST Data/Query). */
  dataQuery(query: DataQuery): Promise<TimedAnswer<DataQueryResult>> {
    return this.call("POST", "Data/Query", query);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
