/**
 * The account and support screens' rules as data: API key creation and revocation, subscription
 * features and invoices (§6, §7), projects' dates, support session messages (§3, §4.4), team members
 * offered, tickets' comment bodies (§7 multipart file[]).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { canRevoke, newKeyBody, validityError } from "../../../../runtime/screens/account/api-key-model.ts";
import { dueDateError, projectBody, projectForm } from "../../../../runtime/screens/account/project-model.ts";
import {
  featureRows,
  featureSummary,
  invoiceNumberError,
  invoiceUrl,
} from "../../../../runtime/screens/account/subscription-model.ts";
import { addableMembers, type Team } from "../../../../runtime/screens/work/security/team-model.ts";
import {
  chatFilePath,
  isValidRating,
  messageView,
  shownMessages,
  type TranscriptMessage,
} from "../../../../runtime/screens/work/sessions/session-model.ts";
import {
  attachmentProblem,
  COMMENT_ATTACHMENT_MAX_BYTES,
  COMMENT_MAX_ATTACHMENTS,
  commentRequestBody,
} from "../../../../runtime/screens/work/tickets/ticket-model.ts";

describe("API keys", () => {
  test("the validity is optional, else whole days 1–3650", () => {
    assert.deepEqual(["", " ", "1", "3650"].map(validityError), [null, null, null, null]);
    for (const bad of ["0", "3651", "1.5", "-3", "ten"])
      assert.equal(validityError(bad), "ApiKeys_ValidityInvalid");
  });
  test("the body sends the validity only when given", () => {
    assert.deepEqual(newKeyBody(" BI sync ", ""), { Name: "BI sync" });
    assert.deepEqual(newKeyBody("CI", "90"), { Name: "CI", ExpiresInDays: 90 });
  });
  test("only active keys can be revoked, with rw", () => {
    assert.equal(canRevoke({ Status: "Active" }, true), true);
    assert.equal(canRevoke({ Status: "Active" }, false), false);
    assert.equal(canRevoke({ Status: "Revoked" }, true), false);
    assert.equal(canRevoke({ Status: "Expired" }, true), false);
  });
});

describe("subscription", () => {
  const catalogue = [
    { id: "Dashboard", titleKey: "Feature_Dashboard" },
    { id: "Report", titleKey: "Feature_Report" },
    { id: "IntegrationAPI", titleKey: "Feature_IntegrationAPI" },
  ];
  test("features show Included or Optional; unnamed ones are Optional (§6)", () => {
    const rows = featureRows(
      catalogue,
      new Map([
        ["Dashboard", "Included"],
        ["Report", "Optional"],
      ]),
    );
    assert.deepEqual(
      rows.map((row) => row.availability),
      ["Included", "Optional", "Optional"],
    );
    assert.deepEqual(featureSummary(rows), { included: 1, total: 3 });
  });
  test("an invoice opens at invoice/{invoiceNumber} through the gateway (§7)", () => {
    assert.equal(invoiceUrl(" INV-2025-0001 "), "/api/invoice/INV-2025-0001");
    assert.equal(invoiceNumberError("INV-2025-0001"), null);
    assert.equal(invoiceNumberError("../x"), "Subscription_InvoiceNumberInvalid");
  });
});

describe("projects", () => {
  test("empty dates are sent as null, text trimmed", () => {
    assert.deepEqual(projectBody({ ...projectForm(), Name: " Launch ", StartDate: "2025-01-01" }), {
      Name: "Launch",
      Description: "",
      Status: "Planned",
      StartDate: "2025-01-01",
      DueDate: null,
    });
  });
  for (const [start, due, error] of [
    ["", "", null],
    ["2025-01-10", "", null],
    ["2025-01-10", "2025-01-10", null],
    ["2025-01-10", "2025-01-09", "Projects_DueBeforeStart"],
  ] as const) {
    test(`start ${start || "—"}, due ${due || "—"}: ${error ?? "fine"}`, () =>
      assert.equal(dueDateError({ StartDate: start, DueDate: due }), error));
  }
});

describe("support sessions", () => {
  const message = (Type: TranscriptMessage["Type"], IsInternal = false): TranscriptMessage => ({
    UID: Type,
    Type,
    Text: "x",
    UserName: "Sam",
    IsInternal,
    Acknowledged: true,
    FileID: null,
    FileName: null,
    Date: null,
  });
  test("messages, files and system notices (§3, §4.4)", () => {
    assert.deepEqual(messageView(message("Message", true)), { kind: "said", fromStaff: true, edited: false });
    assert.deepEqual(messageView(message("MessageEdited")), { kind: "said", fromStaff: false, edited: true });
    assert.deepEqual(messageView(message("File")), { kind: "file", fromStaff: false });
    assert.deepEqual(messageView(message("StaffBusy")), { kind: "system", textKey: "Chat_StaffBusy" });
    assert.deepEqual(messageView(message("InternalUserStartTalking")), {
      kind: "system",
      textKey: "Sessions_Message_InternalUserStartTalking",
    });
  });
  test("deleted messages are left out", () => {
    assert.deepEqual(
      shownMessages([message("Message"), message("MessageDeleted")]).map((m) => m.Type),
      ["Message"],
    );
  });
  test("ratings 1–5 (§3 Rating) and chat files (§7)", () => {
    assert.deepEqual([0, 1, 5, 6, 2.5, null].map(isValidRating), [false, true, true, false, false, false]);
    assert.equal(chatFilePath("a b"), "supportchat/file?id=a%20b");
  });
});

describe("teams", () => {
  const person = (RecId: number, FullName: string) => ({
    RecId,
    UserUID: `u${RecId}`,
    FullName,
    Email: `${RecId}@x`,
  });
  test("the account's active users not yet in the team, by name", () => {
    const sales: Team = {
      RecId: 1,
      Name: "Sales",
      CreatedAt: null,
      Members: [person(1, "Zoe"), person(2, "Al")],
    };
    const candidates = [person(1, "Zoe"), person(2, "Al"), person(3, "Bo"), person(4, "Cy")];
    assert.deepEqual(
      addableMembers(candidates, sales).map((m) => m.FullName),
      ["Bo", "Cy"],
    );
    assert.deepEqual(addableMembers([], sales), []);
  });
});

describe("ticket comments", () => {
  test("without files the comment is JSON", () => {
    assert.deepEqual(commentRequestBody({ text: " Hi ", files: [] }), { Text: "Hi" });
    assert.deepEqual(commentRequestBody({ text: "Hi", title: " T ", files: [] }), { Text: "Hi", Title: "T" });
  });
  test("with files it is multipart with the files as file[] (§7)", () => {
    const body = commentRequestBody({
      text: "See log",
      files: [new File(["a"], "a.txt"), new File(["b"], "b.txt")],
    });
    assert.ok(body instanceof FormData);
    assert.equal(body.get("Text"), "See log");
    assert.deepEqual(
      body.getAll("file[]").map((file) => (file as File).name),
      ["a.txt", "b.txt"],
    );
  });
  test("too many or too large attachments are refused before sending", () => {
    const small = { size: 10 };
    assert.equal(attachmentProblem([small]), null);
    assert.equal(
      attachmentProblem(Array(COMMENT_MAX_ATTACHMENTS + 1).fill(small))?.key,
      "Tickets_TooManyAttachments",
    );
    assert.equal(
      attachmentProblem([{ size: COMMENT_ATTACHMENT_MAX_BYTES + 1 }])?.key,
      "Tickets_AttachmentTooLarge",
    );
  });
});
