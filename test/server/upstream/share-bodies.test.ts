/**
 * What visitors of a public link are shown and what a chart snapshot accepts (sharing/shared-bodies.ts):
 * definitions lose keys naming records, people or secrets and e-mail values, at any depth; PNGs are
 * checked by signature, header and size.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { encodePng } from "../../../server/upstream/files/png.ts";
import {
  checkedPng,
  MAX_SNAPSHOT_IMAGE_BYTES,
  publicLinkBody,
  publicProperties,
} from "../../../server/upstream/sharing/shared-bodies.ts";

test("private keys and e-mail values are left out at every depth; the rest is kept", () => {
  const cases: [Record<string, unknown>, Record<string, unknown>][] = [
    [{ Id: 1, id: 2, UID: "u", RecId: 3, Title: "t" }, { Title: "t" }],
    [{ DataRecId: 1, AccountId: 2, OwnerEmail: "a", ApiKey: "k", account_id: 4, Width: 3 }, { Width: 3 }],
    [
      { Grid: true, Valid: 1, Paid: 2, Keyboard: "x" },
      { Grid: true, Valid: 1, Paid: 2, Keyboard: "x" },
    ],
    [{ Contact: "ann@example.com", Note: "write to ann@example.com" }, { Note: "write to ann@example.com" }],
    [{ Pages: [{ DashboardRecId: 5, Title: "p" }, "bob@example.org", 7] }, { Pages: [{ Title: "p" }, 7] }],
    [{ Secret: "s", password: "p", Token: "t", session_token: "x" }, {}],
  ];
  for (const [input, expected] of cases)
    assert.deepEqual(publicProperties(input), expected, JSON.stringify(input));
});

test("very deep definitions are cut instead of walked forever", () => {
  let deep: Record<string, unknown> = { Leaf: 1 };
  for (let i = 0; i < 20; i++) deep = { Level: deep };
  const shown = JSON.stringify(publicProperties(deep));
  assert.ok(!shown.includes("Leaf"));
});

test("chart images: a PNG within the limits, else the reason", () => {
  const small = encodePng(3, 2, () => [1, 2, 3, 255]);
  assert.ok(Buffer.isBuffer(checkedPng(small.toString("base64"))));
  assert.equal(checkedPng("***"), "not base64");
  assert.equal(
    checkedPng(Buffer.from("GIF89a and then some more bytes to pass 33").toString("base64")),
    "not a PNG",
  );
  assert.match(String(checkedPng(encodePng(4097, 1, () => [0, 0, 0, 255]).toString("base64"))), /sides/);
  const big = Buffer.concat([small, Buffer.alloc(MAX_SNAPSHOT_IMAGE_BYTES)]);
  assert.match(String(checkedPng(big.toString("base64"))), /larger than/);
});

test("links carry the public route of their type", () => {
  const link = {
    recId: 1,
    accountId: 2,
    objectId: 3,
    code: "abc",
    title: null,
    snapshotId: null,
    createdByFullName: "Ann",
    createdAt: 0,
    revokedAt: null,
    readOnly: false,
  };
  assert.equal(publicLinkBody({ ...link, type: "Dashboard" }).Path, "/v/abc");
  assert.equal(publicLinkBody({ ...link, type: "Binder" }).Path, "/b/abc");
  assert.equal(publicLinkBody({ ...link, type: "LiveDoc" }).Path, "/ld/abc");
  assert.equal(publicLinkBody({ ...link, type: "ChartSnapshot" }).Path, "/report/chart/snapshot?code=abc");
  assert.ok(!("AccountId" in publicLinkBody({ ...link, type: "Dashboard" })));
});
