/** The reply field's counter near the longest text the server stores (§5 mirrored for staff). */
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  charactersLeft,
  REPLY_COUNTER_FROM_LEFT,
} from "../../../../../runtime/screens/admin/support-console/reply-rules.ts";

test("charactersLeft: shown only near the 4000-character limit", () => {
  assert.equal(charactersLeft(0), null);
  assert.equal(charactersLeft(4000 - REPLY_COUNTER_FROM_LEFT - 1), null);
  assert.equal(charactersLeft(4000 - REPLY_COUNTER_FROM_LEFT), REPLY_COUNTER_FROM_LEFT);
  assert.equal(charactersLeft(3990), 10);
  assert.equal(charactersLeft(4000), 0);
  assert.equal(charactersLeft(4100), 0);
});
