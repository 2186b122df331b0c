/**
 * The kit's icon glyphs (runtime/components/icon-picker/icon-glyphs.ts): the manifests' kebab-case
 * names map onto the Font Awesome Free files, each §9 weight draws from the free sets in its order,
 * and names the sets lack (or that are not icon names) give no glyph instead of an error.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { IconWeight } from "../../../runtime/components/icon-picker/icon-filter.ts";
import { glyphKey, loadGlyph, WEIGHT_SETS } from "../../../runtime/components/icon-picker/icon-glyphs.ts";
import { ICON_WEIGHTS } from "../../../runtime/state/constants.ts";

const isIconWeight = (value: string): value is IconWeight => Object.hasOwn(WEIGHT_SETS, value);

describe("icon glyphs", () => {
  it("turns kebab-case names into the set's file keys and refuses anything else", () => {
    assert.equal(glyphKey("calendar-days"), "CalendarDays");
    assert.equal(glyphKey("arrow-trend-down"), "ArrowTrendDown");
    assert.equal(glyphKey("0"), "0");
    for (const bad of ["", "Calendar", "../index", "a--b", "-a", "a-", "a b", "index.js"]) {
      assert.equal(glyphKey(bad), null, bad);
    }
  });

  it("gives every §9 weight at least one free set", () => {
    for (const weight of ICON_WEIGHTS) {
      assert.ok(isIconWeight(weight), weight);
      assert.ok(WEIGHT_SETS[weight].length > 0, weight);
    }
  });

  it("loads the glyph of a manifest icon name in each weight", async () => {
    // calendar-days is in the regular and the solid set: the two differ.
    const regular = await loadGlyph("calendar-days", "regular");
    const solid = await loadGlyph("calendar-days", "solid");
    assert.ok(regular && solid);
    assert.deepEqual([regular.width, regular.height], [448, 512]);
    assert.match(regular.paths[0] ?? "", /^M/);
    assert.notEqual(regular.paths[0], solid.paths[0]);
    // light and duo-tone are Pro-only: they draw the regular glyph.
    assert.deepEqual(await loadGlyph("calendar-days", "light"), regular);
    assert.deepEqual(await loadGlyph("calendar-days", "duo-tone"), regular);
  });

  it("falls back to the solid glyph when the regular set lacks the icon", async () => {
    const glyph = await loadGlyph("screwdriver-wrench", "regular");
    assert.deepEqual(glyph, await loadGlyph("screwdriver-wrench", "solid"));
    assert.ok(glyph && glyph.paths.length > 0);
  });

  it("draws brand icons only in the brands weight", async () => {
    assert.ok(await loadGlyph("github", "brands"));
    assert.equal(await loadGlyph("github", "solid"), null);
  });

  it("gives no glyph for an unknown or invalid name", async () => {
    assert.equal(await loadGlyph("no-such-icon-anywhere", "regular"), null);
    assert.equal(await loadGlyph("../index", "solid"), null);
  });
});
