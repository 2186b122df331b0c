/**
 * The served type and disposition of stored, user-supplied files (server/upstream/files/
 * served-file-type.ts), as a table: the bytes decide, the stored name only names the download, and
 * nothing an uploader sends can come back as HTML, SVG or script from the product's origin.
 */
import assert from "node:assert/strict";
import { Readable } from "node:stream";
import { test } from "node:test";
import { readHead } from "../../../server/upstream/files/send-stored-file.ts";
import {
  type ServeOptions,
  SIGNATURE_BYTES,
  servedFile,
} from "../../../server/upstream/files/served-file-type.ts";

const bytes = (...values: number[]) => Buffer.from(values);
const text = (value: string) => Buffer.from(value, "utf8");

const PNG = Buffer.concat([bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), bytes(0, 0, 0, 13)]);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46);
const GIF89 = text("GIF89a\x01\x00\x01\x00");
const GIF87 = text("GIF87a\x01\x00\x01\x00");
const WEBP = Buffer.concat([text("RIFF"), bytes(0x24, 0, 0, 0), text("WEBPVP8 ")]);
const WAV = Buffer.concat([text("RIFF"), bytes(0x24, 0, 0, 0), text("WAVEfmt ")]);
const PDF = text("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
const SVG = text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
const SVG_WITH_XML_DECLARATION = text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>');
const HTML = text("<!doctype html><script>fetch('/api/Account/Settings')</script>");
const JS = text("fetch('/api/Users').then((r) => r.json());");

interface Row {
  what: string;
  data: Buffer;
  name: string;
  options?: ServeOptions;
  type: string;
  disposition: "inline" | "attachment";
}

const OCTETS = "application/octet-stream";

const rows: Row[] = [
  { what: "PNG", data: PNG, name: "screen.png", type: "image/png", disposition: "inline" },
  { what: "JPEG", data: JPEG, name: "photo.jpg", type: "image/jpeg", disposition: "inline" },
  { what: "GIF89a", data: GIF89, name: "anim.gif", type: "image/gif", disposition: "inline" },
  { what: "GIF87a", data: GIF87, name: "old.gif", type: "image/gif", disposition: "inline" },
  { what: "WebP", data: WEBP, name: "pic.webp", type: "image/webp", disposition: "inline" },
  { what: "PDF downloads", data: PDF, name: "terms.pdf", type: "application/pdf", disposition: "attachment" },
  { what: "SVG with script", data: SVG, name: "logo.svg", type: OCTETS, disposition: "attachment" },
  {
    what: "SVG with an XML declaration",
    data: SVG_WITH_XML_DECLARATION,
    name: "icon.svg",
    type: OCTETS,
    disposition: "attachment",
  },
  { what: "HTML", data: HTML, name: "page.html", type: OCTETS, disposition: "attachment" },
  { what: "JavaScript", data: JS, name: "app.js", type: OCTETS, disposition: "attachment" },
  // The uploader's claim travels only as the stored name (and a type the function never reads).
  {
    what: "a PNG claimed as text/html",
    data: PNG,
    name: "page.html",
    type: "image/png",
    disposition: "inline",
  },
  {
    what: "HTML claimed as image/png",
    data: HTML,
    name: "photo.png",
    type: OCTETS,
    disposition: "attachment",
  },
  {
    what: "an empty file",
    data: Buffer.alloc(0),
    name: "empty.png",
    type: OCTETS,
    disposition: "attachment",
  },
  {
    what: "a cut-off PNG signature",
    data: PNG.subarray(0, 4),
    name: "short.png",
    type: OCTETS,
    disposition: "attachment",
  },
  { what: "RIFF that is not WebP (WAV)", data: WAV, name: "a.webp", type: OCTETS, disposition: "attachment" },
  { what: "plain text", data: text("hello"), name: "notes.txt", type: OCTETS, disposition: "attachment" },
  {
    what: "a PNG when the route offers a download only",
    data: PNG,
    name: "screen.png",
    options: { allowInline: false },
    type: "image/png",
    disposition: "attachment",
  },
  {
    what: "an export the upstream wrote as CSV",
    data: text("Region,Revenue\nEMEA,1\n"),
    name: "Sales.csv",
    options: { generatedType: "text/csv; charset=utf-8" },
    type: "text/csv; charset=utf-8",
    disposition: "attachment",
  },
  {
    what: "a generated type outside the export types",
    data: HTML,
    name: "x.html",
    options: { generatedType: "text/html" },
    type: OCTETS,
    disposition: "attachment",
  },
];

test("served files: the bytes decide the type; only raster images are inline; never HTML, SVG or script", () => {
  for (const row of rows) {
    const served = servedFile(row.data.subarray(0, SIGNATURE_BYTES), row.name, row.options);
    assert.equal(served.contentType, row.type, row.what);
    assert.equal(served.disposition, row.disposition, row.what);
    assert.ok(served.contentDisposition.startsWith(`${row.disposition}; filename="`), row.what);
    assert.doesNotMatch(served.contentType, /html|svg|script|xml/i, row.what);
  }
});

test("served files: the stored name is a safe RFC 6266 / RFC 5987 filename", () => {
  const cases: [string, string][] = [
    ["screen.png", `attachment; filename="screen.png"; filename*=UTF-8''screen.png`],
    [
      "it's (final) *draft*.txt",
      `attachment; filename="it's (final) *draft*.txt"; filename*=UTF-8''it%27s%20%28final%29%20%2Adraft%2A.txt`,
    ],
    [
      'Ümsatz "2024"\r\n.txt',
      `attachment; filename="_msatz 2024.txt"; filename*=UTF-8''%C3%9Cmsatz%202024.txt`,
    ],
    ["100%25.txt", `attachment; filename="100_25.txt"; filename*=UTF-8''100%2525.txt`],
    ["..\\..\\evil.html", `attachment; filename="evil.html"; filename*=UTF-8''evil.html`],
    ["", `attachment; filename="download"; filename*=UTF-8''download`],
  ];
  for (const [name, header] of cases) {
    assert.equal(servedFile(HTML, name).contentDisposition, header, JSON.stringify(name));
  }
});

test("readHead: the first bytes are read ahead, and the stream still yields the whole content", async () => {
  const chunks = [bytes(0x89, 0x50), bytes(0x4e, 0x47, 0x0d), PNG.subarray(5), text("rest of the file")];
  const { head, stream } = await readHead(Readable.from(chunks), SIGNATURE_BYTES);
  assert.ok(head.length >= SIGNATURE_BYTES);
  assert.equal(servedFile(head, "screen.png").contentType, "image/png");
  const whole: Buffer[] = [];
  for await (const chunk of stream) whole.push(chunk as Buffer);
  assert.deepEqual(Buffer.concat(whole), Buffer.concat(chunks));

  const short = await readHead(Readable.from([text("ab")]), SIGNATURE_BYTES);
  assert.deepEqual(short.head, text("ab"));
  const rest: Buffer[] = [];
  for await (const chunk of short.stream) rest.push(chunk as Buffer);
  assert.deepEqual(Buffer.concat(rest), text("ab"));
});
