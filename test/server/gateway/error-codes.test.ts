import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { GatewayErrorCode } from "../../../server/gateway/errors/gateway-error-codes.ts";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { LOCALES_DIR } from "../../helpers/manifest-fixtures.ts";

const en = JSON.parse(readFileSync(join(LOCALES_DIR, "en.json"), "utf8")) as Record<string, string>;
const key = (code: number) => `ErrorCode${String(code).padStart(4, "0")}`;

test("§8: every gateway error code has its ErrorCode#### text", () => {
  const missing = Object.entries(GatewayErrorCode).filter(([, code]) => !(key(code) in en));
  assert.deepEqual(missing, []);
});

test("a code never means two things: gateway and upstream codes do not overlap", () => {
  const upstream = new Set<number>(Object.values(ErrorCode));
  const shared = Object.entries(GatewayErrorCode).filter(([, code]) => upstream.has(code));
  assert.deepEqual(shared, []);
  const gatewayCodes = Object.values(GatewayErrorCode);
  assert.equal(new Set(gatewayCodes).size, gatewayCodes.length);
});
