/**
 * Shared setup of the admin suites: a seeded upstream and signed-in clients for each kind of caller
 * the §6 checks distinguish — staff with every Write (admin), staff with Read only (auditor), staff
 * with only the support modules (agent), staff with only the billing modules (billing clerk), and an
 * account member (owner of Northwind). The screens manifest drives the contract tests.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ErrorCode, type ErrorCodeName } from "../../../server/upstream/http/error-codes.ts";
import { DEMO_PASSWORD } from "../../../server/upstream/seed/demo-accounts.ts";
import { DEMO_BILLING_CLERK } from "../../../server/upstream/seed/demo-admin.ts";
import {
  Client,
  type Json,
  type Reply,
  type RunningUpstream,
  signIn,
  startUpstream,
} from "./upstream-fixture.ts";

/** The callers of the admin suites. */
export interface AdminCallers {
  upstream: RunningUpstream;
  anonymous: Client;
  admin: Client;
  auditor: Client;
  agent: Client;
  clerk: Client;
  member: Client;
}

/** Starts a seeded upstream and signs every caller in. */
export async function startAdmin(): Promise<AdminCallers> {
  const upstream = await startUpstream();
  const login = await new Client(upstream.baseUrl).post("/api/Login", {
    Domain: "tessera",
    Email: DEMO_BILLING_CLERK.email,
    Password: DEMO_PASSWORD,
  });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  return {
    upstream,
    anonymous: new Client(upstream.baseUrl),
    admin: await signIn(upstream, "staffAdmin"),
    auditor: await signIn(upstream, "staffAuditor"),
    agent: await signIn(upstream, "supportAgent"),
    clerk: new Client(upstream.baseUrl, login.body.Token),
    member: await signIn(upstream, "owner"),
  };
}

/** Asserts an error answer: status and catalogue code. */
export function assertError(reply: Reply, status: number, code: ErrorCodeName, what = ""): void {
  assert.equal(reply.status, status, `${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
  assert.equal(reply.body.ErrorCode, ErrorCode[code], `${what}: ${JSON.stringify(reply.body)}`);
}

/** Asserts a success answer and returns its body. */
export function ok(reply: Reply, status = 200, what = ""): Json {
  assert.equal(reply.status, status, `${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** A screen of manifests/screens.json (the fields the tests read). */
export interface ManifestScreen {
  id: string;
  adminModule: string;
  list: {
    endpoint: string;
    rowKey: string;
    searchable: boolean;
    columns: { field: string; sortable?: boolean }[];
    filters?: { name: string; type: string; options?: { value: unknown }[] }[];
  };
  detail?: unknown;
  actions?: {
    create?: unknown;
    edit?: unknown;
    delete?: { bulk?: boolean };
    custom?: {
      id: string;
      endpoint?: string;
      method?: string;
      readOnly?: boolean;
      scope: string;
      upload?: unknown;
    }[];
  };
}

/** Every admin screen of the manifest. */
export function manifestScreens(): ManifestScreen[] {
  const file = join(import.meta.dirname, "../../../manifests/screens.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { screens: ManifestScreen[] }).screens;
}

/** The path of a manifest endpoint for a row: `{Field}` segments take the row's values. */
export function endpointFor(endpoint: string, row: Json = {}): string {
  return `/api/${endpoint.replace(/\{([A-Za-z0-9_]+)\}/g, (_, field: string) => encodeURIComponent(String(row[field])))}`;
}

/** The first row of a list (or of a filtered list). */
export async function firstRow(client: Client, endpoint: string, query = ""): Promise<Json> {
  const reply = await client.get(`/api/${endpoint}?pageSize=1${query ? `&${query}` : ""}`);
  assert.equal(reply.status, 200, `${endpoint}: ${JSON.stringify(reply.body)}`);
  assert.ok(reply.body.items.length > 0, `${endpoint} has no rows`);
  return reply.body.items[0];
}

/** A multipart body with files in the field file[] (§7 uploads). */
export function filesForm(files: { name: string; type: string; data: Buffer | string }[]): FormData {
  const form = new FormData();
  for (const file of files) {
    const data = typeof file.data === "string" ? file.data : new Uint8Array(file.data);
    form.append("file[]", new Blob([data], { type: file.type }), file.name);
  }
  return form;
}

/** The total of a list. */
export async function total(client: Client, path: string): Promise<number> {
  return ok(await client.get(`/api/${path}${path.includes("?") ? "&" : "?"}pageSize=1`)).total as number;
}

/** The first row a search finds. */
export async function find(client: Client, path: string, search: string): Promise<Json> {
  return ok(await client.get(`/api/${path}?search=${encodeURIComponent(search)}`)).items[0] as Json;
}

/** The token of the newest mail to an address (invitation or reset link), read from the outbox. */
export async function mailToken(staff: Client, email: string): Promise<string> {
  const mails = ok(await staff.get(`/api/Admin/EmailOutbound?to=${encodeURIComponent(email)}`)).items;
  const token = /token=([A-Za-z0-9_-]+)/.exec(mails[0]?.Body ?? "")?.[1];
  assert.ok(token, `no link in the mail to ${email}`);
  return token;
}

/** A password sign-in (no client token). */
export function login(upstream: RunningUpstream, domain: string, email: string, password: string) {
  return new Client(upstream.baseUrl).post("/api/Login", {
    Domain: domain,
    Email: email,
    Password: password,
  });
}
