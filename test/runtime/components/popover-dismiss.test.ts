import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { anchorScrolledAway } from "../../../runtime/components/popover/use-popover-dismiss.ts";

// §4.5: a popover closes on scroll — the scroll that carries its anchor away from it.
describe("§4.5 scroll dismissal", () => {
  const at = (top: number, left = 40) => ({ top, left });
  const cases: Array<[string, ReturnType<typeof at> | null, ReturnType<typeof at> | null, boolean]> = [
    ["the anchor scrolled up with the page", at(500), at(380), true],
    ["the anchor scrolled sideways in a wide table", at(500, 40), at(500, 10), true],
    ["a scroll elsewhere left the anchor in place", at(500), at(500), false],
    ["sub-pixel rounding is not a move", at(500), at(500.4, 40.3), false],
    ["exactly one pixel is a move", at(500), at(501), true],
    ["the anchor left the document", at(500), null, true],
    ["no position was taken at opening", null, at(500), true],
  ];
  for (const [name, before, now, closes] of cases) {
    test(`${name}: ${closes ? "closes" : "stays open"}`, () => {
      assert.equal(anchorScrolledAway(before, now), closes);
    });
  }
});
