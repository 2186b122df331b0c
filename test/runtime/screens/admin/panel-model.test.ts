/**
 * The detail panels' content as read from the upstream (schemas/screens.ts panel kinds): comments with
 * attachments through the gateway relay, chat transcripts, task logs with the §9 severities, e-mail
 * bodies; fields of the wrong type are treated as absent. Also the list controls' pure rules.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { formatDateTime } from "../../../../runtime/screens/admin/cell-format.ts";
import { nextSort, pagingView, tabKeyTarget } from "../../../../runtime/screens/admin/list-controls.ts";
import {
  commentImage,
  commentsFrom,
  emailFrom,
  logLinesFrom,
  relayedFileUrl,
  severityOf,
  transcriptFrom,
} from "../../../../runtime/screens/admin/panel-model.ts";

describe("comments (§3 Comment)", () => {
  test("the admin shape: Internal flag and File paths relayed under /api/", () => {
    const [comment] = commentsFrom([
      {
        RecId: 3,
        Title: "",
        Date: "2026-11-18T07:03:11.584Z",
        Text: "It happens with every export.",
        ImageUrl: null,
        Internal: true,
        AuthorFullName: "Olivia Owner",
        Attachments: [{ FileName: "log.txt", Size: 53, File: "Admin/Support/11/Attachments/b8c1" }],
      },
    ]);
    assert.deepEqual(comment, {
      id: "3",
      title: "",
      date: "2026-11-18T07:03:11.584Z",
      text: "It happens with every export.",
      author: "Olivia Owner",
      internal: true,
      imageUrl: null,
      attachments: [{ name: "log.txt", href: "/api/Admin/Support/11/Attachments/b8c1", size: 53 }],
    });
  });

  test("the member shape: IsInternal and PreviewUrl", () => {
    const [comment] = commentsFrom([
      { RecId: 1, Text: "x", IsInternal: true, Attachments: [{ FileName: "a.png", PreviewUrl: "Files/a" }] },
    ]);
    assert.equal(comment?.internal, true);
    assert.equal(comment?.attachments[0]?.href, "/api/Files/a");
  });

  const paths: Array<[string | null, string | null]> = [
    ["Admin/Support/1/Attachments/x", "/api/Admin/Support/1/Attachments/x"],
    ["https://evil.example/x", null],
    ["/absolute", null],
    ["javascript:alert(1)", null],
    ["Admin/../../gw/session", null],
    [null, null],
  ];
  for (const [path, expected] of paths) {
    test(`attachment path ${JSON.stringify(path)} → ${expected}`, () =>
      assert.equal(relayedFileUrl(path), expected));
  }

  test("broken entries are skipped, wrong types treated as absent", () => {
    const comments = commentsFrom([null, 3, { Text: 5, Attachments: [{ Size: 1 }, "x"] }]);
    assert.equal(comments.length, 1);
    assert.equal(comments[0]?.text, "");
    assert.deepEqual(comments[0]?.attachments, []);
    assert.deepEqual(commentsFrom({ not: "a list" }), []);
  });

  const images: Array<[string | null, ReturnType<typeof commentImage>]> = [
    ["/api/Files/1/Preview", { kind: "image", url: "/api/Files/1/Preview" }],
    ["https://cdn.example/a.png", { kind: "link", url: "https://cdn.example/a.png" }],
    ["//cdn.example/a.png", null],
    ["http://cdn.example/a.png", null],
    ["data:image/png;base64,xx", null],
    [null, null],
  ];
  for (const [url, expected] of images) {
    test(`comment image ${JSON.stringify(url)}`, () => assert.deepEqual(commentImage(url), expected));
  }
});

describe("chat transcripts, task logs and e-mails", () => {
  test("transcript messages, as an array or { Messages }", () => {
    const message = {
      UID: "u1",
      Type: "Message",
      Text: "Hi",
      UserName: "Sofia",
      IsInternal: true,
      FileName: null,
      Date: "2026-11-21T07:03:11Z",
    };
    const expected = [
      {
        id: "u1",
        type: "Message",
        text: "Hi",
        author: "Sofia",
        internal: true,
        fileName: null,
        date: "2026-11-21T07:03:11Z",
      },
    ];
    assert.deepEqual(transcriptFrom([message]), expected);
    assert.deepEqual(transcriptFrom({ Messages: [message] }), expected);
    assert.equal(transcriptFrom([{ Text: "x" }])[0]?.type, "Message");
  });

  const severities: Array<[unknown, string]> = [
    [1, "info"],
    [2, "warning"],
    [3, "error"],
    [9, "info"],
    ["3", "info"],
  ];
  for (const [level, expected] of severities) {
    test(`severity ${JSON.stringify(level)} → ${expected}`, () => assert.equal(severityOf(level), expected));
  }

  test("log lines, as an array or { Lines }", () => {
    const line = { Date: "2026-11-19T07:05:11Z", Severity: 2, Message: "12 rows skipped" };
    const expected = [{ date: "2026-11-19T07:05:11Z", severity: "warning", message: "12 rows skipped" }];
    assert.deepEqual(logLinesFrom([line]), expected);
    assert.deepEqual(logLinesFrom({ Status: "Done", Lines: [line] }), expected);
  });

  test("an e-mail body: the HTML when there is some, else the text", () => {
    assert.deepEqual(emailFrom({ Subject: "Hi", Text: "a", Html: "<p>a</p>" }), {
      subject: "Hi",
      html: "<p>a</p>",
      text: "a",
    });
    assert.deepEqual(emailFrom({ Subject: "Hi", Text: "a", Html: "  " }), {
      subject: "Hi",
      html: null,
      text: "a",
    });
    assert.deepEqual(emailFrom("<p>b</p>"), { subject: "", html: "<p>b</p>", text: "" });
  });

  test("panel dates in the UI language; text that is no date as it came", () => {
    assert.equal(
      formatDateTime("2026-11-19T07:05:11Z", "en", "UTC").replace(/\u202f/g, " "),
      "Nov 19, 2026, 7:05 AM",
    );
    assert.equal(formatDateTime("later", "en", "UTC"), "later");
  });
});

describe("list controls", () => {
  test("a header sorts ascending first, then toggles", () => {
    assert.deepEqual(nextSort({ field: "Name", direction: "asc" }, "Domain"), {
      field: "Domain",
      direction: "asc",
    });
    assert.deepEqual(nextSort({ field: "Name", direction: "asc" }, "Name"), {
      field: "Name",
      direction: "desc",
    });
    assert.deepEqual(nextSort({ field: "Name", direction: "desc" }, "Name"), {
      field: "Name",
      direction: "asc",
    });
  });

  const paging: Array<[number, number, number, ReturnType<typeof pagingView>]> = [
    [1, 50, 0, { pageCount: 1, from: 0, to: 0, canGoBack: false, canGoForward: false }],
    [1, 50, 4, { pageCount: 1, from: 1, to: 4, canGoBack: false, canGoForward: false }],
    [2, 25, 60, { pageCount: 3, from: 26, to: 50, canGoBack: true, canGoForward: true }],
    [3, 25, 60, { pageCount: 3, from: 51, to: 60, canGoBack: true, canGoForward: false }],
    [9, 25, 60, { pageCount: 3, from: 0, to: 0, canGoBack: true, canGoForward: false }],
  ];
  for (const [page, size, total, expected] of paging) {
    test(`page ${page} of ${total} rows by ${size}`, () =>
      assert.deepEqual(pagingView(page, size, total), expected));
  }

  const keys: Array<[string, number, number | null]> = [
    ["ArrowRight", 1, 2],
    ["ArrowRight", 3, 0],
    ["ArrowLeft", 0, 3],
    ["Home", 2, 0],
    ["End", 0, 3],
    ["Enter", 1, null],
  ];
  for (const [key, current, expected] of keys) {
    test(`tabs: ${key} from ${current} of 4 → ${expected}`, () =>
      assert.equal(tabKeyTarget(key, current, 4), expected));
  }
});
