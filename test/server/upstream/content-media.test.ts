/**
 * Files and media over real HTTP (§7 uploads as multipart file[]): 401 → 403 → upload, streamed
 * download byte for byte, media objects in folders (duplicate copies the file, purge removes it),
 * and bad uploads — traversal names, oversized files, too many files, no file, not multipart —
 * refused with a code and nothing stored.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { MAX_MEDIA_FILE_BYTES, MAX_MEDIA_FILES } from "../../../server/upstream/media/upload.ts";
import { filesForm, folderId, listObjects, roots } from "./content-fixture.ts";
import { Client, type RunningUpstream, signIn, startUpstream } from "./upstream-fixture.ts";

let upstream: RunningUpstream;
let owner: Client;
let analyst: Client;
let viewer: Client;

before(async () => {
  upstream = await startUpstream();
  [owner, analyst, viewer] = await Promise.all([
    signIn(upstream, "owner"),
    signIn(upstream, "analyst"),
    signIn(upstream, "viewer"),
  ]);
});
after(async () => upstream.close());

const stagingFiles = () => readdirSync(join(upstream.dataDir, "upstream-media", "staging"));

test("upload: 401 → 403 → 201; the files download byte for byte, streamed", async () => {
  const form = () => filesForm([{ name: "chart.bin", data: Buffer.from([1, 2, 3]) }]);
  assert.equal((await new Client(upstream.baseUrl).post("/api/Media/Upload", form())).status, 401);
  const denied = await viewer.post("/api/Media/Upload", form());
  assert.equal(denied.status, 403);
  assert.equal(denied.body.ErrorCode, ErrorCode.PermissionDenied);
  assert.equal((await viewer.get("/api/Content/MediaManager/Objects")).status, 403);

  const brand = await folderId(owner, "MediaManager", "Brand assets");
  const big = randomBytes(3 * 1024 * 1024 + 17);
  const upload = await analyst.post(
    `/api/Media/Upload?folderRecId=${brand}`,
    filesForm([
      { name: "big.bin", data: big },
      { name: "Notes — été.txt", data: Buffer.from("hello"), type: "text/plain" },
    ]),
  );
  assert.equal(upload.status, 201, JSON.stringify(upload.body));
  assert.deepEqual(
    upload.body.items.map((item: { Name: string }) => item.Name),
    ["big.bin", "Notes — été.txt"],
  );
  const [bigItem, textItem] = upload.body.items;
  const download = await owner.get(`/api/Media/${bigItem.RecId}/Download`);
  assert.equal(download.status, 200);
  assert.ok(Buffer.compare(download.body, big) === 0, "same bytes");
  assert.match(download.headers.get("content-disposition") ?? "", /^attachment; filename="big.bin"/);
  assert.match(download.headers.get("content-security-policy") ?? "", /sandbox/);
  // Only raster images show in place: text downloads even when asked inline, typed by its bytes.
  const text = await owner.get(`/api/Media/${textItem.RecId}/Download?inline=true`);
  assert.equal(text.body.toString(), "hello");
  assert.equal(text.headers.get("content-type"), "application/octet-stream");
  assert.match(
    text.headers.get("content-disposition") ?? "",
    /^attachment; .*filename\*=UTF-8''Notes%20%E2%80%94%20%C3%A9t%C3%A9\.txt/,
  );
  const listed = await listObjects(owner, "MediaManager", `folderRecId=${brand}`);
  assert.ok(listed.items.some((item) => item.RecId === bigItem.RecId && item.Type === "Media"));
  assert.deepEqual(stagingFiles(), [], "nothing left in staging");
});

test("media objects: duplicate copies the file; purge removes it; storage metrics count the bytes", async () => {
  const usage = async () => (await owner.get("/api/UsageMetrics")).body.StorageBytes.Media as number;
  const before = await usage();
  const data = Buffer.from("a file worth keeping");
  const item = (await owner.post("/api/Media/Upload", filesForm([{ name: "keep.txt", data }]))).body.items[0];
  assert.equal(await usage(), before + data.length);
  const copy = await owner.post(`/api/Content/MediaManager/Objects/${item.RecId}/Duplicate`, {
    Name: "kept.txt",
  });
  assert.equal(copy.status, 201);
  assert.equal((await owner.get(`/api/Media/${copy.body.RecId}/Download`)).body.toString(), data.toString());
  assert.equal(await usage(), before + 2 * data.length);
  await owner.delete(`/api/Content/MediaManager/Objects/${item.RecId}`);
  assert.equal(
    (await owner.get(`/api/Media/${item.RecId}/Download`)).status,
    404,
    "deleted files do not download",
  );
  await owner.post(`/api/Content/MediaManager/Objects/${item.RecId}/Purge`);
  assert.equal(await usage(), before + data.length);
  assert.equal((await owner.get(`/api/Media/${copy.body.RecId}/Download`)).body.toString(), data.toString());
});

test("bad uploads are refused with a code and store nothing", async () => {
  const before = await listObjects(owner, "MediaManager");
  const personal = (await roots(owner, "MediaManager")).Personal.RecId;
  const one = (name: string, size = 4) => filesForm([{ name, data: Buffer.alloc(size, 1) }]);
  const cases: [string, FormData | object, number, number][] = [
    ["/api/Media/Upload", one("../../etc/passwd"), 400, ErrorCode.InvalidFileName],
    ["/api/Media/Upload", one("..\\..\\boot.ini"), 400, ErrorCode.InvalidFileName],
    ["/api/Media/Upload", one(".."), 400, ErrorCode.InvalidFileName],
    ["/api/Media/Upload", one("a\u0001b.txt"), 400, ErrorCode.InvalidFileName],
    ["/api/Media/Upload", one("ok.bin", MAX_MEDIA_FILE_BYTES + 1), 413, ErrorCode.MediaFileTooLarge],
    [
      "/api/Media/Upload",
      filesForm(
        Array.from({ length: MAX_MEDIA_FILES + 1 }, (_, i) => ({
          name: `f${i}.txt`,
          data: Buffer.from("x"),
        })),
      ),
      400,
      ErrorCode.TooManyFiles,
    ],
    ["/api/Media/Upload", filesForm([], { Note: "no file" }), 400, ErrorCode.InvalidRequest],
    ["/api/Media/Upload", new FormData(), 400, ErrorCode.FileMissing],
    ["/api/Media/Upload", { file: "not multipart" }, 415, ErrorCode.UnsupportedMediaType],
    [
      `/api/Media/Upload?folderRecId=${(await roots(owner, "MediaManager")).Shared.RecId}`,
      one("a.txt"),
      404,
      ErrorCode.NotFound,
    ],
    ["/api/Media/Upload?folderRecId=abc", one("a.txt"), 400, ErrorCode.InvalidRequest],
  ];
  for (const [path, body, status, code] of cases) {
    const reply = await owner.post(path, body);
    assert.equal(reply.status, status, `${path}: ${JSON.stringify(reply.body)}`);
    assert.equal(reply.body.ErrorCode, code, `${path}: ${JSON.stringify(reply.body)}`);
  }
  // A valid file next to a refused one: the whole upload is refused.
  const mixed = filesForm([
    { name: "fine.txt", data: Buffer.from("fine") },
    { name: "../evil.txt", data: Buffer.from("evil") },
  ]);
  assert.equal((await owner.post(`/api/Media/Upload?folderRecId=${personal}`, mixed)).status, 400);
  assert.deepEqual(await listObjects(owner, "MediaManager"), before);
  assert.deepEqual(stagingFiles(), []);
});
