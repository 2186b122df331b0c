/**
 * The widgets manifest in the configuration plane (DESIGN.md §3; server/gateway/config/README.md),
 * over its real SQLite store in a file: operators restrict and add widget kinds while the product
 * runs — a published change reaches the manifest both audiences are served (public share links draw
 * widgets signed out), an invalid widgets document is refused with its pointer and never served, an
 * account layer cannot hold widget kinds, a rollback restores the kinds, a stored version the current
 * base refuses is skipped at boot (the last known good keeps serving), and the summary says in words
 * what changed.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { WidgetsManifest } from "../../../../schemas/widgets.ts";
import type { ConfigPlane } from "../../../../server/gateway/config/config-plane.ts";
import { englishText } from "../../../../server/gateway/config/english-text.ts";
import { type AccessFacts, accessFingerprint } from "../../../../server/gateway/manifests/filter-access.ts";
import { resolveManifest } from "../../../../server/gateway/manifests/resolve-manifest.ts";
import type { JsonDocument } from "../../../helpers/manifest-fixtures.ts";
import { ManualClock } from "../../../helpers/manual-clock.ts";
import { defaultBase } from "../session/gateway-fixture.ts";
import { AUTHOR, openPlane, publishFromOlderRelease } from "./plane-fixture.ts";

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), "tessera-config-widgets-"));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** The shipped widgets document with `change` applied. */
async function widgetsWith(change: (widgets: JsonDocument) => void): Promise<JsonDocument> {
  const widgets = structuredClone((await defaultBase()).manifests.widgets) as JsonDocument;
  change(widgets);
  return widgets;
}
const kindOf = (widgets: JsonDocument | WidgetsManifest, name: string) =>
  (widgets.kinds as JsonDocument[]).find((kind) => kind.kind === name);

/** Scatter plots no longer offered; a "bigNumber" KPI kind with its own defaults added. */
const restrictAndAdd = (w: JsonDocument) => {
  (kindOf(w, "scatter") as JsonDocument).enabled = false;
  w.kinds.push({
    ...structuredClone(kindOf(w, "kpi")),
    kind: "bigNumber",
    defaults: { Format: "currency", Currency: "EUR", Decimals: 2 },
  });
};

async function publishWidgets(plane: ConfigPlane, widgets: JsonDocument, comment = "widgets") {
  const baseVersion = (await plane.versions())[0]?.number ?? 0;
  const draft = await plane.createChangeSet(AUTHOR, {
    comment,
    baseVersion,
    edits: [{ kind: "widgets", document: widgets }],
  });
  return plane.publish(AUTHOR, draft.id);
}

const member: AccessFacts = {
  accountRecId: 7,
  isAdmin: false,
  impersonating: false,
  rolePermissions: ["Dashboards_r"],
  adminPermissions: [],
  features: {},
  flags: {
    ShowHelpLinks: false,
    IsAdmin: false,
    MustSetup2FA: false,
    AccountIsWhiteLabel: false,
    AccountMenuLogoIsSet: false,
  },
  twoFactorPolicy: "Optional",
  authenticationProtocol: "Password",
};

/** The widgets of the manifest resolved for a visitor and for a member, from what the plane serves. */
function servedWidgets(plane: ConfigPlane): { anonymous: WidgetsManifest; user: WidgetsManifest } {
  const served = plane.servedFor(null);
  const anonymous = resolveManifest(served.set, "v", { kind: "anonymous" }, served);
  const user = resolveManifest(
    plane.servedFor(member.accountRecId).set,
    "v",
    { kind: "user", facts: member, fingerprint: accessFingerprint(member) },
    served,
  );
  return { anonymous: anonymous.widgets, user: user.widgets };
}

describe("widget kinds change while the product runs", () => {
  test("both audiences are served the widget kinds, without the editor-only $schema line", async () => {
    const { plane, close } = await openPlane(join(dir, "served.sqlite"));
    const { anonymous, user } = servedWidgets(plane);
    const shipped = (await defaultBase()).manifests.widgets;
    const { $schema: _editorOnly, ...expected } = shipped;
    assert.deepEqual(anonymous, expected);
    assert.deepEqual(user, expected);
    await close();
  });

  test("a published change restricts one kind and adds another for visitors and members alike", async () => {
    const { plane, close } = await openPlane(join(dir, "publish.sqlite"));
    const answer = await publishWidgets(plane, await widgetsWith(restrictAndAdd), "no scatter; big numbers");
    assert.deepEqual(answer, { version: 1 });
    for (const widgets of Object.values(servedWidgets(plane))) {
      assert.equal(kindOf(widgets, "scatter")?.enabled, false);
      assert.deepEqual(kindOf(widgets, "bigNumber")?.defaults, {
        Format: "currency",
        Currency: "EUR",
        Decimals: 2,
      });
      assert.equal(kindOf(widgets, "bigNumber")?.renderer, "kpi");
    }
    const [header] = await plane.versions();
    // Stored as text keys and read back; in English as the audit trail says it.
    assert.deepEqual(header?.summary.map(englishText), [
      "Widget kind 'Scatter plot' (scatter) disabled",
      "Widget kind 'KPI' (bigNumber) added, drawn by kpi",
    ]);
    await close();
  });

  test("a rollback brings the kinds of the earlier version back", async () => {
    const { plane, close } = await openPlane(join(dir, "rollback.sqlite"));
    await publishWidgets(plane, await widgetsWith(restrictAndAdd));
    const back = await plane.rollback(AUTHOR, 0, "scatter plots again");
    assert.deepEqual(back, { version: 2 });
    const { user } = servedWidgets(plane);
    assert.equal(kindOf(user, "scatter")?.enabled, true);
    assert.equal(kindOf(user, "bigNumber"), undefined);
    assert.deepEqual((await plane.versions())[0]?.summary.map(englishText), [
      "Widget kind 'Scatter plot' (scatter) enabled",
      "Widget kind 'KPI' (bigNumber) removed",
    ]);
    await close();
  });
});

describe("an invalid widgets document is never served", () => {
  const invalid: { name: string; change: (w: JsonDocument) => void; pointer: string; reason: RegExp }[] = [
    {
      name: "a filter renderer aliased under another name",
      change: (w) => w.kinds.push({ ...structuredClone(kindOf(w, "select")), kind: "dropdown" }),
      pointer: "/kinds/14/kind",
      reason: /filter renderer "select" is only drawn under its own name/,
    },
    {
      name: "defaults its settings schema refuses",
      change: (w) => ((kindOf(w, "table") as JsonDocument).defaults = { ShowTotals: "yes" }),
      pointer: "/kinds/7/defaults/ShowTotals",
      reason: /must be boolean/,
    },
    {
      name: "a setting title without a text",
      change: (w) => {
        (kindOf(w, "bar") as JsonDocument).settingsSchema.properties.Horizontal.title = "Nowhere_Text";
      },
      pointer: "/kinds/3/settingsSchema/properties/Horizontal/title",
      reason: /text key "Nowhere_Text" is missing/,
    },
    {
      name: "a renderer the runtime does not ship",
      change: (w) => ((kindOf(w, "pivot") as JsonDocument).renderer = "heatmap"),
      pointer: "/kinds/8/renderer",
      reason: /^schema: must be equal to one of the allowed values/,
    },
  ];
  for (const row of invalid) {
    test(`${row.name}: refused with kind, pointer and reason; nothing published`, async () => {
      const { plane, close } = await openPlane(join(dir, `invalid-${invalid.indexOf(row)}.sqlite`));
      const widgets = await widgetsWith(row.change);
      const report = await plane.validate([{ kind: "widgets", document: widgets }]);
      assert.equal(report.valid, false);
      assert.ok(
        report.problems.some(
          (p) => p.kind === "widgets" && p.pointer === row.pointer && row.reason.test(p.reason),
        ),
        JSON.stringify(report.problems),
      );
      await assert.rejects(publishWidgets(plane, widgets), (error: { status?: number; code?: string }) => {
        assert.equal(error.status, 422);
        assert.equal(error.code, "ConfigInvalid");
        return true;
      });
      assert.equal(plane.servedFor(null).configVersion, 0);
      assert.deepEqual(servedWidgets(plane).user.kinds.length, 14);
      await close();
    });
  }

  test("an account layer cannot hold widget kinds: they are the same for every tenant", async () => {
    const { plane, close } = await openPlane(join(dir, "account-layer.sqlite"));
    const report = await plane.validate([
      { kind: "widgets", account: 7, merge: { kinds: (await widgetsWith(restrictAndAdd)).kinds } },
    ]);
    assert.equal(report.valid, false);
    assert.ok(
      report.problems.some(
        (p) => p.kind === "widgets" && p.account === 7 && /may only hold shell and menus/.test(p.reason),
      ),
      JSON.stringify(report.problems),
    );
    await close();
  });

  test("at boot a stored version whose widgets the current base refuses is skipped; the one before serves", async () => {
    const file = join(dir, "last-known-good.sqlite");
    const clock = new ManualClock();
    const first = await openPlane(file, clock);
    await publishWidgets(first.plane, await widgetsWith(restrictAndAdd));
    await first.close();
    // Written by an older release whose base still had a "gauge" renderer and its texts.
    const widgets = await widgetsWith((w) =>
      w.kinds.push({ ...structuredClone(kindOf(w, "kpi")), kind: "gauge", titleKey: "WidgetKind_gauge" }),
    );
    await publishFromOlderRelease(file, { operator: { widgets }, accounts: {} }, clock.ms);
    const second = await openPlane(file, clock);
    assert.equal(second.plane.servedFor(null).configVersion, 1);
    assert.equal(kindOf(servedWidgets(second.plane).anonymous, "bigNumber")?.renderer, "kpi");
    const { degraded } = second.plane.status();
    assert.equal(degraded?.version, 2);
    assert.ok(
      degraded?.problems.some(
        (p) =>
          p.kind === "widgets" && p.pointer === "/kinds/14/titleKey" && /WidgetKind_gauge/.test(p.reason),
      ),
      JSON.stringify(degraded?.problems),
    );
    await second.close();
  });
});
