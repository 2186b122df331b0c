/**
 * The agent console's calls (§4.4 staff side) through the gateway built by `buildApp`, against the
 * real embedded upstream over real sockets: a read-only staff member lists the queue and reads a
 * member's context, but every change they forge — take, reply, file, archive, ticket, the chat's
 * status — is refused (§6: Write for changes); an agent's file reply crosses the relay as multipart
 * and the member downloads it; two agents taking one session at once get one 200 and one 409.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { ErrorCode } from "../../../../server/upstream/http/error-codes.ts";
import { type BrowserClient, signedIn } from "./browser-client.ts";
import { type Stack, startStack } from "./integration-fixture.ts";

const SESSIONS = "/api/Admin/SupportChat/Sessions";

let stack: Stack;
let owner: BrowserClient;
let agent: BrowserClient;
let admin: BrowserClient;
let auditor: BrowserClient;
let uids = 0;

before(async () => {
  stack = await startStack();
  [owner, agent, admin, auditor] = await Promise.all([
    signedIn(stack.gateway.url, "owner"),
    signedIn(stack.gateway.url, "supportAgent"),
    signedIn(stack.gateway.url, "staffAdmin"),
    signedIn(stack.gateway.url, "staffAuditor"),
  ]);
});
after(async () => stack.close());

/** The owner writes to support; the id of their (new or open) waiting session. */
async function memberWrites(text: string): Promise<number> {
  const sent = await owner.post("/api/supportchat/message", {
    Page: "/dashboards",
    Text: text,
    UID: `console-${String(++uids).padStart(4, "0")}`,
  });
  assert.equal(sent.status, 201, sent.bytes.toString().slice(0, 200));
  const queue = await agent.get(`${SESSIONS}?status=Waiting`);
  assert.equal(queue.status, 200);
  const session = (queue.json.Items as { RecId: number; FirstMessage: string | null }[]).find(
    (item) => item.FirstMessage === text,
  );
  assert.ok(session, `the session of "${text}" waits in the queue`);
  return session.RecId;
}

/** A file in the browser's multipart form (`file[]`), with an optional UID field. */
function fileForm(data: Buffer, name: string, uid?: string): FormData {
  const form = new FormData();
  if (uid !== undefined) form.append("UID", uid);
  form.append("file[]", new Blob([new Uint8Array(data)], { type: "text/plain" }), name);
  return form;
}

describe("the agent console's calls through the gateway", () => {
  test("read-only staff list the queue and read a context; each forged change is 403", async () => {
    const id = await memberWrites("Read-only staff may look");
    const queue = await auditor.get(`${SESSIONS}?status=Waiting`);
    assert.equal(queue.status, 200);
    assert.ok((queue.json.Items as { RecId: number }[]).some((item) => item.RecId === id));
    const context = await auditor.get(`${SESSIONS}/${id}/Context`);
    assert.equal(context.status, 200, context.bytes.toString().slice(0, 200));
    assert.equal(context.json.User.FullName, "Olivia Owner");
    assert.equal(context.json.Account.Name, "Northwind Analytics");

    const forged: [string, Promise<Awaited<ReturnType<BrowserClient["get"]>>>][] = [
      ["take", auditor.post(`${SESSIONS}/${id}/Take`)],
      ["reply", auditor.post(`${SESSIONS}/${id}/Messages`, { Text: "Hello", UID: "forged-0001" })],
      [
        "file",
        auditor.request("PUT", `${SESSIONS}/${id}/File`, { form: fileForm(Buffer.from("x"), "a.txt") }),
      ],
      ["archive", auditor.post(`${SESSIONS}/${id}/Archive`)],
      ["ticket", auditor.post(`${SESSIONS}/${id}/Ticket`, { Title: "Forged" })],
      ["status", auditor.put("/api/Admin/SupportChat/Status", { IsOpen: false })],
    ];
    for (const [what, call] of forged) {
      const answer = await call;
      assert.equal(answer.status, 403, `${what}: ${answer.bytes.toString().slice(0, 200)}`);
      assert.equal(answer.json.ErrorCode, ErrorCode.AdminPermissionDenied, what);
    }
    const after = await agent.get(`${SESSIONS}/${id}`);
    assert.deepEqual(
      [after.json.Status, after.json.MessageCount],
      ["Waiting", 1],
      "nothing the auditor sent was stored",
    );
    assert.deepEqual((await agent.get("/api/Admin/SupportChat/Status")).json, { IsOpen: true });
    assert.equal((await agent.post(`${SESSIONS}/${id}/Archive`)).status, 200);
  });

  test("an agent's file reply crosses the relay as multipart; the member downloads it", async () => {
    const id = await memberWrites("Please send the export settings");
    assert.equal((await agent.post(`${SESSIONS}/${id}/Take`)).status, 200);
    const data = Buffer.from("Format: CSV\nSeparator: ;\n".repeat(1000));
    const sent = await agent.request("PUT", `${SESSIONS}/${id}/File`, {
      form: fileForm(data, "export-settings.txt", "staff-file-0001"),
    });
    assert.equal(sent.status, 201, sent.bytes.toString().slice(0, 200));
    assert.deepEqual(
      [sent.json.Type, sent.json.IsInternal, sent.json.FileName],
      ["File", true, "export-settings.txt"],
    );
    const again = await agent.request("PUT", `${SESSIONS}/${id}/File`, {
      form: fileForm(data, "export-settings.txt", "staff-file-0001"),
    });
    assert.equal(again.status, 200, "a resend is the stored message");
    assert.equal(again.json.FileID, sent.json.FileID);

    const active = await owner.get("/api/supportchat/active");
    assert.ok(
      (active.json.Messages as { FileID: string | null }[]).some((m) => m.FileID === sent.json.FileID),
    );
    const download = await owner.get(`/api/supportchat/file?id=${encodeURIComponent(sent.json.FileID)}`);
    assert.equal(download.status, 200);
    assert.ok(download.bytes.equals(data), "the member gets the agent's bytes");
    assert.equal((await agent.post(`${SESSIONS}/${id}/Archive`)).status, 200);
  });

  test("two agents take one session at the same moment: one 200, one 409 SupportSessionTaken", async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await memberWrites(`Race through the gateway ${round}`);
      const answers = await Promise.all([
        agent.post(`${SESSIONS}/${id}/Take`),
        admin.post(`${SESSIONS}/${id}/Take`),
      ]);
      assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 409], `round ${round}`);
      assert.equal(
        answers.find((answer) => answer.status === 409)?.json.ErrorCode,
        ErrorCode.SupportSessionTaken,
      );
      const transcript = await agent.get(`${SESSIONS}/${id}`);
      const talking = (transcript.json.Messages as { Type: string }[]).filter(
        (m) => m.Type === "InternalUserStartTalking",
      );
      assert.equal(talking.length, 1, `round ${round}: one "now talking to"`);
      assert.equal((await admin.post(`${SESSIONS}/${id}/Archive`)).status, 200);
    }
  });
});
