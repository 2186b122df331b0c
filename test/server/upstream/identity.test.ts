/**
 * Pure identity logic, table-driven from the spec: permission strings (§3, §6), TOTP (RFC 6238
 * test vectors), password hashing, file names and download headers.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { contentDisposition } from "../../../server/upstream/files/content-disposition.ts";
import { fileNameProblem } from "../../../server/upstream/files/file-names.ts";
import {
  DEFAULT_SCRYPT_COST,
  hashCost,
  hashPassword,
  verifyPassword,
} from "../../../server/upstream/identity/passwords.ts";
import { PERMISSION_KEYS } from "../../../server/upstream/identity/permission-keys.ts";
import {
  formatPermissionString,
  grants,
  parsePermissionString,
  permissionEntries,
} from "../../../server/upstream/identity/permission-string.ts";
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotpStep,
  totpCode,
} from "../../../server/upstream/identity/totp.ts";

test("permission strings: valid strings parse to canonical keys and levels", () => {
  const cases: [string, string][] = [
    ["", ""],
    ["Dashboards_rw", "Dashboards_rw"],
    ["Reports_r;Dashboards_rw", "Dashboards_rw;Reports_r"],
    [" Dashboards_r ; Binders_rw ;", "Dashboards_r;Binders_rw"],
    ["DataHook_rw;DataLoader_r", "DataHooks_rw;DataLoaders_r"],
    [
      "InAppChatAccess_r;Exports_rw;UserProfileAndPreferences_r;DataByEmail_rw",
      "InAppChatAccess_r;Exports_rw;UserProfileAndPreferences_r;DataByEmail_rw",
    ],
  ];
  for (const [input, canonical] of cases) {
    const parsed = parsePermissionString(input);
    assert.ok(parsed.ok, `${input} should parse`);
    assert.equal(formatPermissionString(parsed.permissions), canonical, input);
  }
});

test("permission strings: unknown keys, unknown levels, malformed and repeated entries are rejected", () => {
  const cases: [string, string][] = [
    ["Dashboard_rw", "unknownKey"],
    ["dashboards_rw", "unknownKey"],
    ["Wizardry_r", "unknownKey"],
    ["Dashboards_w", "unknownLevel"],
    ["Dashboards_RW", "unknownLevel"],
    ["Dashboards_rwx", "unknownLevel"],
    ["Dashboards", "malformed"],
    ["Dashboards_", "malformed"],
    ["_rw", "malformed"],
    ["Dashboards_r_w", "malformed"],
    ["Dashboards rw", "malformed"],
    ["Dashboards_rw,Reports_r", "malformed"],
    ["Dashboards_r;Dashboards_rw", "duplicateKey"],
    ["DataHooks_r;DataHook_rw", "duplicateKey"],
  ];
  for (const [input, reason] of cases) {
    const parsed = parsePermissionString(input);
    assert.equal(parsed.ok, false, `${input} should be rejected`);
    if (!parsed.ok) assert.equal(parsed.problem.reason, reason, input);
  }
});

test("permission strings: rw implies r, absent means none, every §6 key is known", () => {
  const parsed = parsePermissionString("Dashboards_rw;Reports_r");
  assert.ok(parsed.ok);
  assert.equal(grants(parsed.permissions, "Dashboards", "r"), true);
  assert.equal(grants(parsed.permissions, "Dashboards", "rw"), true);
  assert.equal(grants(parsed.permissions, "Reports", "r"), true);
  assert.equal(grants(parsed.permissions, "Reports", "rw"), false);
  assert.equal(grants(parsed.permissions, "Binders", "r"), false);
  const all = parsePermissionString(PERMISSION_KEYS.map((key) => `${key}_rw`).join(";"));
  assert.ok(all.ok);
  assert.equal(permissionEntries(all.permissions).length, 33);
});

test("TOTP: RFC 4226 HOTP and RFC 6238 SHA-1 test vectors", () => {
  const secret = Buffer.from("12345678901234567890", "ascii");
  const hotpExpected = [
    "755224",
    "287082",
    "359152",
    "969429",
    "338314",
    "254676",
    "287922",
    "162583",
    "399871",
    "520489",
  ];
  for (const [counter, code] of hotpExpected.entries()) assert.equal(hotp(secret, counter), code);
  const base32 = base32Encode(secret);
  const vectors: [number, string][] = [
    [59, "94287082"],
    [1111111109, "07081804"],
    [1111111111, "14050471"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
    [20000000000, "65353130"],
  ];
  for (const [seconds, code] of vectors) assert.equal(totpCode(base32, seconds * 1000, { digits: 8 }), code);
});

test("TOTP: base32 round trip and a ±1 step window", () => {
  const secret = "JBSWY3DPEHPK3PXP";
  assert.equal(base32Encode(base32Decode(secret)), secret);
  const at = Date.UTC(2025, 0, 1);
  const code = totpCode(secret, at);
  assert.equal(matchTotpStep(secret, code, at), Math.floor(at / 30_000));
  assert.equal(matchTotpStep(secret, code, at + 30_000), Math.floor(at / 30_000));
  assert.equal(matchTotpStep(secret, code, at + 90_000), undefined);
  assert.equal(matchTotpStep(secret, "12345", at), undefined);
});

test("passwords: scrypt with the production cost, per-hash salt, wrong passwords refused", async () => {
  const hash = await hashPassword("correct horse");
  assert.deepEqual(hashCost(hash), DEFAULT_SCRYPT_COST);
  assert.match(hash, /^scrypt\$32768\$8\$3\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  const other = await hashPassword("correct horse", { N: 1024, r: 8, p: 1 });
  assert.notEqual(hash.split("$")[4], other.split("$")[4], "salts differ");
  assert.equal(await verifyPassword("correct horse", hash), true);
  assert.equal(await verifyPassword("correct horse", other), true);
  assert.equal(await verifyPassword("Correct horse", hash), false);
  assert.equal(await verifyPassword("correct horse", "plain"), false);
});

test("file names: one path segment, nothing else", () => {
  for (const ok of ["report.pdf", "Ünïcode file.png", "a..b.txt", ".hidden"])
    assert.equal(fileNameProblem(ok), undefined, ok);
  for (const bad of [
    "",
    "  ",
    "../etc/passwd",
    "..\\win.ini",
    "a/b.png",
    "C:\\x.png",
    "..",
    ".",
    "x\u0000.png",
    "a".repeat(256),
  ]) {
    assert.notEqual(fileNameProblem(bad), undefined, JSON.stringify(bad));
  }
});

test("downloads: Content-Disposition keeps an ASCII fallback and the UTF-8 name", () => {
  assert.equal(
    contentDisposition("attachment", "Sales overview.csv"),
    `attachment; filename="Sales overview.csv"; filename*=UTF-8''Sales%20overview.csv`,
  );
  assert.equal(
    contentDisposition("inline", 'Ümsatz "2024".pdf'),
    `inline; filename="_msatz 2024.pdf"; filename*=UTF-8''%C3%9Cmsatz%202024.pdf`,
  );
  assert.equal(
    contentDisposition("attachment", "../../secret"),
    `attachment; filename="secret"; filename*=UTF-8''secret`,
  );
});
