/** The invoice list's pure rules: status tones and amounts in the user's language. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { formatMoney, invoiceTone } from "../../../../runtime/screens/account/invoice-model.ts";

test("each invoice state has its own tone", () => {
  assert.equal(invoiceTone("Due"), "warning");
  assert.equal(invoiceTone("Paid"), "success");
  assert.equal(invoiceTone("Failed"), "danger");
  assert.equal(invoiceTone("Void"), "neutral");
});

test("amounts show in the currency and the user's language", () => {
  assert.equal(formatMoney(49.5, "EUR", "en"), "€49.50");
  assert.equal(formatMoney(1234.5, "USD", "de").replace(/\s/g, " "), "1.234,50 $");
  assert.equal(formatMoney(12, "not-a-code", "en"), "12.00 not-a-code");
});
