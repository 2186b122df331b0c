/**
 * §3 Comment rules: internal comments never shown to members; §8 a comment image with a missing
 * source throws 'Can't get the image url', caught into the error state the view shows.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  attachmentSource,
  type Comment,
  CommentImageError,
  commentImageSource,
  hasCommentImage,
  IMAGE_URL_MISSING_KEY,
  isImageAttachment,
  resolveSource,
  visibleComments,
} from "../../../../runtime/screens/work/tickets/comment-model.ts";

const comment = (over: Partial<Comment>): Comment => ({
  RecId: 1,
  Title: "",
  Date: "2025-01-02T10:00:00.000Z",
  Text: "Hello",
  ImageUrl: null,
  IsInternal: false,
  AuthorFullName: "Ann",
  Attachments: [],
  ...over,
});

describe("internal comments (§3)", () => {
  const thread = [comment({ RecId: 1 }), comment({ RecId: 2, IsInternal: true }), comment({ RecId: 3 })];
  test("members never see them", () => {
    assert.deepEqual(
      visibleComments(thread).map((c) => c.RecId),
      [1, 3],
    );
  });
  test("staff views keep them", () => {
    assert.equal(visibleComments(thread, true).length, 3);
  });
});

describe("comment image source (§8)", () => {
  for (const [value, expected] of [
    ["https://cdn.example.com/a.png", "https://cdn.example.com/a.png"],
    ["  /api/SupportTickets/1/Attachments/x  ", "/api/SupportTickets/1/Attachments/x"],
  ] as const) {
    test(`"${value}" is used`, () => assert.equal(commentImageSource(value), expected));
  }
  for (const value of [
    "",
    "   ",
    null,
    undefined,
    "javascript:alert(1)",
    "data:image/png;base64,AA",
    "//evil.example/x.png",
    "http://plain.example/x.png",
    "relative.png",
  ]) {
    test(`${JSON.stringify(value)} throws 'Can't get the image url'`, () => {
      assert.throws(
        () => commentImageSource(value),
        (error: unknown) => {
          assert.ok(error instanceof CommentImageError);
          assert.equal((error as Error).message, "Can't get the image url");
          return true;
        },
      );
    });
  }
  test("a comment without ImageUrl has no image; an empty one has a missing image", () => {
    assert.equal(hasCommentImage(comment({ ImageUrl: null })), false);
    assert.equal(hasCommentImage(comment({ ImageUrl: "" })), true);
  });
  test("resolveSource catches the error into the view's error state", () => {
    assert.deepEqual(
      resolveSource(() => commentImageSource("")),
      { ok: false, errorKey: IMAGE_URL_MISSING_KEY },
    );
    assert.deepEqual(
      resolveSource(() => commentImageSource("/x.png")),
      { ok: true, source: "/x.png" },
    );
    assert.throws(() =>
      resolveSource(() => {
        throw new TypeError("other");
      }),
    );
  });
});

describe("attachments (§3: FileName and file or previewUrl)", () => {
  test("a stored attachment opens at its previewUrl under the application base", () => {
    assert.equal(
      attachmentSource({ FileName: "a.csv", PreviewUrl: "SupportTickets/4/Attachments/u1" }),
      "/api/SupportTickets/4/Attachments/u1",
    );
  });
  test("a local file opens as an object URL", () => {
    const file = new Blob(["x"]);
    assert.equal(
      attachmentSource({ FileName: "a.csv", file }, () => "blob:1"),
      "blob:1",
    );
  });
  test("neither file nor previewUrl throws the §8 error", () => {
    assert.throws(() => attachmentSource({ FileName: "a.csv", PreviewUrl: "" }), CommentImageError);
    assert.throws(() => attachmentSource({ FileName: "a.csv" }), CommentImageError);
  });
  test("a previewUrl leaving the base is refused", () => {
    assert.throws(() => attachmentSource({ FileName: "a", PreviewUrl: "../gw/session" }));
  });
  test("images are recognised by type or by the §5 image extensions", () => {
    const extensions = ["png", "jpg", "jpeg", "gif"];
    assert.equal(isImageAttachment({ FileName: "x.bin", ContentType: "image/webp" }, extensions), true);
    assert.equal(isImageAttachment({ FileName: "Shot.JPG" }, extensions), true);
    assert.equal(isImageAttachment({ FileName: "notes.txt", ContentType: "text/plain" }, extensions), false);
  });
});
