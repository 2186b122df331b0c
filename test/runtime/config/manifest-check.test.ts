/**
 * Whether this build can show a published manifest (DESIGN.md §3: an invalid manifest never replaces
 * the last good one; runtime/config/manifest-check.ts), on the shipped manifests and the kinds the
 * build registers.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { isSameAudience, type KnownKinds, unshowableReason } from "../../../runtime/config/manifest-check.ts";
import type { JsonDocument } from "../../helpers/manifest-fixtures.ts";
import { entry, published, userManifest } from "./config-fixture.ts";

/** The kinds the shipped manifests name: what this build knows (test/runtime/renderers checks the registries). */
function shippedKinds(): KnownKinds {
  const manifest = userManifest();
  return {
    renderers: new Set(manifest.routes.routes.flatMap((route) => (route.screen ? [route.screen.kind] : []))),
    dialogs: new Set((manifest.dialogs?.dialogs ?? []).map((dialog) => dialog.component)),
  };
}

describe("can this build show a published manifest", () => {
  const rows: Array<{ name: string; change: (m: JsonDocument) => void; reason: string | null }> = [
    { name: "the shipped manifests: yes", change: () => undefined, reason: null },
    {
      name: "a screen renderer kind the build does not know: no",
      change: (m) => {
        entry(m.routes.routes, "tasks").screen.kind = "kanban";
      },
      reason: 'route "tasks" names the screen renderer "kanban", unknown to this build',
    },
    {
      name: "a dialog component the build does not know: no",
      change: (m) => {
        entry(m.dialogs.dialogs, "mySettings").component = "MySettingsDialogV2";
      },
      reason: 'dialog "mySettings" names the component "MySettingsDialogV2", unknown to this build',
    },
    {
      name: "a widget renderer the build does not know: yes (that widget shows its fallback)",
      change: (m) => {
        m.widgets.kinds[0].renderer = "gauge";
      },
      reason: null,
    },
    {
      name: "no widget kinds: no",
      change: (m) => {
        delete m.widgets;
      },
      reason: "the manifest has no widget kinds",
    },
    {
      name: "a language without texts: no",
      change: (m) => {
        delete m.texts.pt;
      },
      reason: 'no same-origin texts URL for "pt"',
    },
    {
      name: "texts from another origin: no",
      change: (m) => {
        m.texts.de = "https://cdn.example.com/de.json";
      },
      reason: 'no same-origin texts URL for "de"',
    },
    {
      name: "no configuration version: no",
      change: (m) => {
        delete m.configVersion;
      },
      reason: "the manifest has no configuration version",
    },
    {
      name: "a negative configuration version: no",
      change: (m) => {
        m.configVersion = -1;
      },
      reason: "the manifest has no configuration version",
    },
  ];
  for (const row of rows) {
    test(row.name, () => {
      assert.equal(unshowableReason(published(userManifest(1), 2, row.change), shippedKinds()), row.reason);
    });
  }
});

describe("a manifest of the same audience", () => {
  test("the same user's newer version is; another account's, the visitor's or an impersonation's is not", () => {
    const mine = userManifest(1);
    assert.equal(isSameAudience(mine, published(mine, 2)), true);
    const other = published(mine, 2, (m) => {
      m.user.accountRecId = 2;
    });
    assert.equal(isSameAudience(mine, other), false);
    const visitor = published(mine, 2, (m) => {
      m.audience = "anonymous";
      m.user = null;
    });
    assert.equal(isSameAudience(mine, visitor), false);
    const impersonation = published(mine, 2, (m) => {
      m.user.impersonating = true;
    });
    assert.equal(isSameAudience(mine, impersonation), false);
  });
});
