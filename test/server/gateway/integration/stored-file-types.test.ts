/**
 * Stored, user-supplied files come back through the gateway typed by their bytes, never by the type
 * the uploader claimed (server/upstream/files/served-file-type.ts): a chat attachment sent as
 * text/javascript or text/html is no same-origin script or page under /api/, a real PNG still shows
 * in place, and every answer carries Content-Disposition, nosniff and a sandboxing policy. Real
 * upstream, real gateway, real sockets.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { encodePng } from "../../../../server/upstream/files/png.ts";
import { type Answer, BrowserClient, signedIn } from "./browser-client.ts";
import { type Stack, startStack } from "./integration-fixture.ts";

const SCRIPT = Buffer.from("fetch('/api/Account/Settings').then((r) => r.text()).then(alert);\n");
const PAGE = Buffer.from("<!doctype html><title>x</title><script>alert(document.domain)</script>\n");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const PNG = encodePng(2, 2, () => [37, 99, 235, 255]);

let stack: Stack;
/** Olivia Owner: every permission, and Northwind's plan includes the SupportChat feature. */
let owner: BrowserClient;

before(async () => {
  stack = await startStack();
  owner = await signedIn(stack.gateway.url, "owner");
});
after(async () => stack.close());

/** One file in the browser's multipart form (`file[]`, §7), with the type the browser claims. */
function form(data: Buffer, name: string, claimedType: string, fields: Record<string, string> = {}) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append("file[]", new Blob([new Uint8Array(data)], { type: claimedType }), name);
  return body;
}

/** Asserts a served file: its bytes intact, the derived type, the disposition and the hardening headers. */
function assertServed(answer: Answer, data: Buffer, type: string, disposition: "inline" | "attachment") {
  assert.equal(answer.status, 200, answer.bytes.toString().slice(0, 200));
  assert.ok(answer.bytes.equals(data), "the bytes come back unchanged");
  assert.equal(answer.headers.get("content-type"), type);
  assert.match(answer.headers.get("content-disposition") ?? "", new RegExp(`^${disposition}; filename="`));
  assert.match(answer.headers.get("content-disposition") ?? "", /; filename\*=UTF-8''/);
  assert.equal(answer.headers.get("x-content-type-options"), "nosniff");
  assert.match(answer.headers.get("content-security-policy") ?? "", /default-src 'none'.*sandbox/);
}

/** The three chat uploads: claimed script, claimed page, and a real PNG claimed as a page. */
const chatCases = [
  { name: "helper.js", data: SCRIPT, claimed: "text/javascript", type: "application/octet-stream" },
  { name: "invoice.html", data: PAGE, claimed: "text/html", type: "application/octet-stream" },
  { name: "screen.png", data: PNG, claimed: "text/html", type: "image/png" },
] as const;

describe("stored files are served typed by their bytes, through the gateway", () => {
  test("chat attachments, member and staff side: script and HTML download as octets; a PNG shows inline", async () => {
    const uploaded: { id: string; data: Buffer; type: string }[] = [];
    for (const [i, file] of chatCases.entries()) {
      const upload = await owner.request("PUT", "/api/supportchat/file", {
        form: form(file.data, file.name, file.claimed, { Page: "/dashboards", UID: `served-type-000${i}` }),
      });
      assert.equal(upload.status, 201, upload.bytes.toString().slice(0, 200));
      uploaded.push({ id: upload.json.FileID, data: file.data, type: file.type });
    }
    const agent = await signedIn(stack.gateway.url, "supportAgent");
    const queue = await agent.get("/api/Admin/SupportChat/Sessions?status=Waiting");
    assert.equal(queue.status, 200, queue.bytes.toString().slice(0, 200));
    const session = (queue.json.Items as { RecId: number; UserFullName: string }[]).find(
      (item) => item.UserFullName === "Olivia Owner",
    );
    assert.ok(session, "the owner's chat waits for an agent");
    for (const file of uploaded) {
      const disposition = file.type === "image/png" ? "inline" : "attachment";
      const member = await owner.get(`/api/supportchat/file?id=${encodeURIComponent(file.id)}`);
      assertServed(member, file.data, file.type, disposition);
      const staff = await agent.get(
        `/api/Admin/SupportChat/Sessions/${session.RecId}/File?id=${encodeURIComponent(file.id)}`,
      );
      assertServed(staff, file.data, file.type, disposition);
    }
  });

  test("ticket and comment attachments: HTML claimed as image/png is octets, a PNG claimed as HTML is a PNG", async () => {
    const ticket = await owner.post("/api/SupportTickets", {
      Title: "Attachment types",
      Description: "Two files attached.",
      Category: "Problem",
    });
    assert.equal(ticket.status, 201, ticket.bytes.toString().slice(0, 200));
    const objects = await owner.get("/api/Content/Dashboards/Objects?pageSize=200");
    assert.equal(objects.status, 200);
    const dashboard = (objects.json.items as { RecId: number }[])[0];
    assert.ok(dashboard, "the seed holds a dashboard");
    for (const path of [
      `/api/SupportTickets/${ticket.json.RecId}/Comments`,
      `/api/Content/Dashboards/Objects/${dashboard.RecId}/Comments`,
    ]) {
      for (const [data, name, claimed, type] of [
        [PAGE, "photo.png", "image/png", "application/octet-stream"],
        [PNG, "page.html", "text/html", "image/png"],
      ] as const) {
        const posted = await owner.post(path, undefined, {
          form: form(data, name, claimed, { Text: "See file." }),
        });
        assert.equal(posted.status, 201, posted.bytes.toString().slice(0, 200));
        const download = await owner.get(`/api/${posted.json.Attachments[0].PreviewUrl}`);
        assertServed(download, data, type, type === "image/png" ? "inline" : "attachment");
      }
    }
  });

  test("media downloads: streamed and typed by their bytes; only a raster image shows inline, on request", async () => {
    const upload = await owner.post("/api/Media/Upload", undefined, {
      form: (() => {
        const body = form(PAGE, "report.png", "image/png");
        body.append("file[]", new Blob([new Uint8Array(PNG)], { type: "text/html" }), "chart.html");
        return body;
      })(),
    });
    assert.equal(upload.status, 201, upload.bytes.toString().slice(0, 200));
    const [page, image] = upload.json.items as { RecId: number }[];
    assert.ok(page && image);
    const pageInline = await owner.get(`/api/Media/${page.RecId}/Download?inline=true`);
    assertServed(pageInline, PAGE, "application/octet-stream", "attachment");
    assertServed(await owner.get(`/api/Media/${image.RecId}/Download`), PNG, "image/png", "attachment");
    assertServed(
      await owner.get(`/api/Media/${image.RecId}/Download?inline=true`),
      PNG,
      "image/png",
      "inline",
    );
  });

  test("system media: an uploaded SVG is never served as image/svg+xml from the product's origin", async () => {
    const staff = await signedIn(stack.gateway.url, "staffAdmin");
    const upload = await staff.post("/api/Admin/SystemMedia/Upload", undefined, {
      form: form(SVG, "login-bg.svg", "image/svg+xml"),
    });
    assert.equal(upload.status, 201, upload.bytes.toString().slice(0, 200));
    const [row] = upload.json.items as { RecId: number; FileUID: string }[];
    assert.ok(row);
    // Public by its UID: a visitor without a session opens it.
    const open = await new BrowserClient(stack.gateway.url).get(`/webservices/SystemMedia/${row.FileUID}`);
    assertServed(open, SVG, "application/octet-stream", "attachment");
    const download = await staff.get(`/api/Admin/SystemMedia/${row.RecId}/File`);
    assertServed(download, SVG, "application/octet-stream", "attachment");
  });
});
