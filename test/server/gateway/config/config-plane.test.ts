/**
 * The configuration plane over its real store (DESIGN.md §3), on both backends where the store is
 * what is tested — SQLite in a file, and PostgreSQL when its test server answers, else skipped with
 * the reason (test/helpers/store-backends.ts): the schedule on a manual clock and across a restart (a
 * maintenance window too), the four-eyes rule, drafts' optimistic concurrency, the append-only
 * history, the last known good configuration at boot. Over SQLite only: what a publication announces
 * to open tabs, and the warnings and counts drawn from the tabs' reports.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { ConfigWarning } from "../../../../schemas/config-answers.ts";
import { SCHEMA_DIGESTS } from "../../../../schemas/generated/schema-digests.ts";
import type { ConfigEdit } from "../../../../server/gateway/config/change-set.ts";
import {
  type Actor,
  type ClientReport,
  ConfigPlane,
} from "../../../../server/gateway/config/config-plane.ts";
import { englishText } from "../../../../server/gateway/config/english-text.ts";
import { SqliteConfigStore } from "../../../../server/gateway/config/sqlite-config-store.ts";
import { ManualClock } from "../../../helpers/manual-clock.ts";
import { type StoreBackend, type StorePlace, storeBackends } from "../../../helpers/store-backends.ts";
import { defaultBase } from "../session/gateway-fixture.ts";
import { AUTHOR, log, openPlane, publishFromOlderRelease } from "./plane-fixture.ts";

const REVIEWER: Actor = { name: "tessera/reviewer@tessera.example", address: "10.0.0.2" };
const HOUR_MS = 3_600_000;

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), "tessera-config-"));
});
after(() => rmSync(dir, { recursive: true, force: true }));

const BACKENDS = await storeBackends();

/** A new place of `backend`'s store per call, closed after the suite that asked for it. */
function placesOf(backend: StoreBackend): () => Promise<StorePlace> {
  const places: StorePlace[] = [];
  after(async () => {
    for (const place of places.splice(0)) await place.close();
  });
  return async () => {
    const place = await backend.place();
    places.push(place);
    return place;
  };
}

/** Drops the guard that keeps versions from being changed, as a hand edit below the application would. */
const DROP_VERSIONS_GUARD: Record<StoreBackend["name"], string> = {
  SQLite: "DROP TRIGGER config_versions_append_only",
  PostgreSQL: "DROP TRIGGER config_versions_append_only ON config_versions",
};

const rename = (text: string) => [{ kind: "texts.en" as const, merge: { Menu_Dashboards: text } }];
const englishOf = async (plane: ConfigPlane) => {
  const served = plane.servedFor(null);
  const digest = /\/en\/([^/]+)\.json$/.exec(served.texts.en)?.[1] as string;
  return JSON.parse(plane.texts("en", digest)?.body.toString() ?? "{}") as Record<string, string>;
};

for (const backend of BACKENDS)
  describe(`the schedule (${backend.name})`, { skip: backend.skip }, () => {
    const newPlace = placesOf(backend);
    test("a publication at a time runs when the clock reaches it, not before", async () => {
      const clock = new ManualClock();
      const { plane, close } = await openPlane(await newPlace(), clock);
      const draft = await plane.createChangeSet(AUTHOR, {
        comment: "at nine",
        baseVersion: 0,
        edits: rename("Nine"),
      });
      const scheduled = await plane.publish(AUTHOR, draft.id, { at: clock.ms + HOUR_MS });
      assert.deepEqual(scheduled, { scheduledAt: clock.ms + HOUR_MS });
      assert.equal(plane.servedFor(null).configVersion, 0);
      clock.advance(HOUR_MS - 1);
      await plane.runDue();
      assert.equal(plane.servedFor(null).configVersion, 0, "one millisecond early: nothing");
      clock.advance(1);
      await plane.runDue();
      assert.equal(plane.servedFor(null).configVersion, 1);
      assert.equal((await englishOf(plane)).Menu_Dashboards, "Nine");
      assert.equal((await plane.changeSet(draft.id)).status, "published");
      await close();
    });

    test("a schedule survives a restart: a gateway started after the time publishes it at once", async () => {
      const place = await newPlace();
      const clock = new ManualClock();
      const first = await openPlane(place, clock);
      const draft = await first.plane.createChangeSet(AUTHOR, {
        comment: "later",
        baseVersion: 0,
        edits: rename("Later"),
      });
      await first.plane.publish(AUTHOR, draft.id, { at: clock.ms + 2 * HOUR_MS });
      await first.close();
      clock.advance(3 * HOUR_MS);
      const second = await openPlane(place, clock);
      assert.equal(clock.pending, 1, "the due schedule is armed at boot");
      clock.advance(0);
      await second.plane.runDue();
      assert.equal(second.plane.servedFor(null).configVersion, 1);
      assert.equal((await englishOf(second.plane)).Menu_Dashboards, "Later");
      const entries = await second.plane.audit({ action: "version.publish" });
      assert.equal(entries[0]?.address, "gateway", "published by the gateway's scheduler");
      assert.equal(entries[0]?.actor, AUTHOR.name, "on behalf of its author");
      await second.close();
    });

    test("a scheduled change set that became invalid fails with its reason and publishes nothing", async () => {
      const clock = new ManualClock();
      const { plane, close } = await openPlane(await newPlace(), clock);
      const late = await plane.createChangeSet(AUTHOR, {
        comment: "late",
        baseVersion: 0,
        edits: rename("Late"),
      });
      await plane.publish(AUTHOR, late.id, { at: clock.ms + HOUR_MS });
      const now = await plane.createChangeSet(AUTHOR, {
        comment: "now",
        baseVersion: 0,
        edits: rename("Now"),
      });
      await plane.publish(AUTHOR, now.id);
      clock.advance(HOUR_MS);
      await plane.runDue();
      const record = await plane.changeSet(late.id);
      assert.equal(record.status, "failed");
      assert.match(record.failure ?? "", /changed since its base version/);
      assert.equal((await englishOf(plane)).Menu_Dashboards, "Now");
      const [failed] = await plane.audit({ action: "changeSet.failed" });
      assert.equal(failed?.target, `changeSet:${late.id}`);
      assert.equal(failed?.actor, AUTHOR.name, "on behalf of its author");
      assert.equal(failed?.address, "gateway", "by the gateway's scheduler");
      assert.match(String(failed?.details.reason), /changed since its base version/);
      await close();
    });

    test("a maintenance window switches on at its start and off at its end, by the scheduler, and is audited", async () => {
      const clock = new ManualClock();
      const { plane, close } = await openPlane(await newPlace(), clock);
      const startsAt = clock.ms + HOUR_MS;
      const endsAt = clock.ms + 3 * HOUR_MS;
      const answer = await plane.setMaintenance(AUTHOR, {
        enabled: true,
        messages: { en: "Back at noon.", de: "Um zwölf zurück." },
        startsAt,
        endsAt,
      });
      assert.deepEqual(answer, { scheduled: { on: startsAt, off: endsAt } });
      assert.equal(plane.anyMaintenance(), false, "not before its start");
      assert.equal(plane.maintenanceEndsAt(), endsAt);
      clock.advance(HOUR_MS - 1);
      await plane.runDue();
      assert.equal(plane.anyMaintenance(), false, "one millisecond early: still off");
      clock.advance(1);
      await plane.runDue();
      for (const account of [null, 1, 7]) assert.equal(plane.maintenanceFor(account).enabled, true);
      const { messageKey } = plane.servedFor(null).set.shell.maintenance;
      assert.equal((await englishOf(plane))[messageKey], "Back at noon.");
      assert.equal(plane.maintenanceEndsAt(), endsAt, "the end is still to come");
      clock.advance(2 * HOUR_MS);
      await plane.runDue();
      assert.equal(plane.anyMaintenance(), false, "off at its end");
      assert.equal(plane.maintenanceEndsAt(), null);
      const versions = await plane.versions();
      assert.deepEqual(
        versions.map((v) => [v.number, v.origin, v.author]),
        [
          [2, "maintenance", AUTHOR.name],
          [1, "maintenance", AUTHOR.name],
        ],
      );
      const switches = await plane.audit({ target: "maintenance" });
      assert.deepEqual(
        switches.map((e) => [e.action, e.actor, e.address, e.details.at]),
        [
          ["maintenance.off", AUTHOR.name, AUTHOR.address, new Date(endsAt).toISOString()],
          ["maintenance.on", AUTHOR.name, AUTHOR.address, new Date(startsAt).toISOString()],
        ],
      );
      assert.deepEqual(switches[1]?.details.messages, ["en", "de"]);
      const published = await plane.audit({ action: "version.publish" });
      assert.deepEqual(
        published.map((e) => [e.address, e.at]),
        [
          ["gateway", endsAt],
          ["gateway", startsAt],
        ],
      );
      await close();
    });
  });

describe("what a publication announces, and what the open tabs report", () => {
  test("each publication announces its version to the accounts it serves; maintenance and a withdrawn route are urgent", async () => {
    const { plane, close } = await openPlane(join(dir, "events.sqlite"), new ManualClock());
    const events: [number, string, number[] | null][] = [];
    plane.onPublished((event) =>
      events.push([event.version, event.urgency, event.accounts ? [...event.accounts].sort() : null]),
    );
    const publish = async (edits: ConfigEdit[], accounts?: number[]) => {
      const draft = await plane.createChangeSet(AUTHOR, {
        comment: "announced",
        baseVersion: await plane.headVersion(),
        edits,
      });
      return plane.publish(AUTHOR, draft.id, accounts ? { accounts } : {});
    };
    await publish(rename("Boards"));
    await publish(rename("Tiles"), [7, 3]);
    assert.equal(plane.servedFor(7).configVersion, 2, "the canary's accounts get it");
    assert.equal(plane.servedFor(1).configVersion, 1, "the others do not yet");
    await plane.promote(AUTHOR, 2);
    const { routes } = (await plane.version(2)).documents.routes as { routes: { id: string }[] };
    assert.ok(routes.some((route) => route.id === "automation"));
    await publish([
      { kind: "routes", merge: { routes: routes.filter((route) => route.id !== "automation") } },
    ]);
    await plane.setMaintenance(AUTHOR, { enabled: true });
    await plane.setMaintenance(AUTHOR, { enabled: false });
    await plane.rollback(AUTHOR, 2, "the route again");
    assert.deepEqual(events, [
      [1, "normal", null],
      [2, "normal", [3, 7]],
      [2, "normal", null],
      [3, "urgent", null],
      [4, "urgent", null],
      [5, "urgent", null],
      [6, "normal", null],
    ]);
    await close();
  });

  test("a kind the change set touches whose schema a connected build does not have is a warning with its tab count", async () => {
    const base = await defaultBase();
    // Tabs that know every renderer kind and dialog: only the schemas differ.
    const renderers = [...new Set(base.manifests.routes.routes.flatMap((route) => route.screen?.kind ?? []))];
    const dialogs = [...new Set(base.manifests.dialogs.dialogs.map((dialog) => dialog.component))];
    const other = "0123456789abcdef";
    const tab = (report: Partial<ClientReport>): ClientReport => ({
      accountRecId: 1,
      build: "new",
      manifestVersion: 0,
      renderers,
      dialogs,
      schemas: SCHEMA_DIGESTS,
      applied: null,
      rejected: null,
      ...report,
    });
    const { shell: _, ...withoutShell } = SCHEMA_DIGESTS;
    let reports: ClientReport[] = [
      tab({}),
      tab({ accountRecId: 2 }),
      tab({ build: "changed", schemas: { ...SCHEMA_DIGESTS, shell: other, menus: other } }),
      tab({ build: "changed", schemas: { ...SCHEMA_DIGESTS, menus: other } }),
      // A build older than the digests reports none: every schema is unknown to it.
      tab({ build: "older", schemas: null }),
      // A build without the kind at all.
      tab({ build: "fewer", schemas: withoutShell }),
      // A tab that has not reported says nothing about its build.
      tab({ build: null, manifestVersion: null, renderers: [], dialogs: [], schemas: null }),
    ];
    const store = new SqliteConfigStore(join(dir, "schema-reports.sqlite"));
    const plane = await ConfigPlane.open({
      store,
      base,
      log,
      clock: new ManualClock(),
      clientReports: () => reports,
    });
    const themed: ConfigEdit[] = [
      { kind: "shell", merge: { theme: { default: "dark" } } },
      { kind: "shell", account: 7, merge: { theme: { default: "light" } } },
      ...rename("Boards"),
    ];
    const report = await plane.validate(themed, 0);
    assert.equal(report.valid, true, JSON.stringify(report.problems));
    assert.deepEqual(report.warnings, [
      {
        kind: "shell",
        pointer: "",
        reason: "the schema version of shell is unknown to the build of 3 connected tab(s)",
        message: {
          key: "StudioProblem_SchemaVersionUnknown",
          params: { kind: { key: "Studio_Kind_shell", params: {} }, count: 3 },
        },
        tabs: 3,
      },
    ]);
    // The studio's words, the count choosing the plural form.
    assert.equal(
      englishText((report.warnings[0] as ConfigWarning).message),
      "the schema version of Shell is unknown to the build of 3 open tabs",
    );
    // Texts are not a schema; menus differ for two builds, but a change set that does not touch them
    // is not warned of them.
    assert.deepEqual((await plane.validate(rename("Boards"), 0)).warnings, []);
    const withMenus = await plane.validate([{ kind: "menus", merge: {} }, ...themed], 0);
    assert.deepEqual(
      withMenus.warnings.map(({ kind, tabs }) => ({ kind, tabs })),
      [
        { kind: "menus", tabs: 3 },
        { kind: "shell", tabs: 3 },
      ],
    );
    const draft = await plane.createChangeSet(AUTHOR, { comment: "theme", baseVersion: 0, edits: themed });
    assert.deepEqual(await plane.publish(AUTHOR, draft.id), { version: 1 }, "a warning does not block");

    // Every build has the gateway's schemas: no warning.
    reports = reports.map((each) => (each.build === null ? each : { ...each, schemas: SCHEMA_DIGESTS }));
    const again = await plane.validate([{ kind: "shell", merge: { theme: { default: "light" } } }]);
    assert.deepEqual(again.warnings, []);
    await plane.close();
    await store.close();
  });

  test("a renderer kind or dialog component a connected build lacks is a warning with its tab count, and still publishes", async () => {
    const base = await defaultBase();
    const routes = base.manifests.routes.routes;
    const dialogs = base.manifests.dialogs.dialogs;
    const kinds = [...new Set(routes.flatMap((route) => (route.screen?.kind ? [route.screen.kind] : [])))];
    const components = [...new Set(dialogs.map((dialog) => dialog.component))];
    const [missingKind, missingComponent] = [kinds[0] as string, components[0] as string];
    const tab = (report: Partial<ClientReport>): ClientReport => ({
      accountRecId: 1,
      build: "new",
      manifestVersion: 0,
      renderers: kinds,
      dialogs: components,
      schemas: SCHEMA_DIGESTS,
      applied: null,
      rejected: null,
      ...report,
    });
    let reports: ClientReport[] = [
      tab({ build: "old", renderers: kinds.slice(1) }),
      tab({ build: "old", renderers: kinds.slice(1), dialogs: components.slice(1) }),
      tab({ accountRecId: 2 }),
      // A tab that has not reported yet says nothing about its build.
      tab({ build: null, manifestVersion: null, renderers: [], dialogs: [] }),
    ];
    const store = new SqliteConfigStore(join(dir, "reports.sqlite"));
    const plane = await ConfigPlane.open({
      store,
      base,
      log,
      clock: new ManualClock(),
      clientReports: () => reports,
    });
    const draft = await plane.createChangeSet(AUTHOR, { comment: "r", baseVersion: 0, edits: rename("R") });
    const report = await plane.validate(draft.edits, draft.baseVersion);
    assert.equal(report.valid, true);
    assert.deepEqual(report.warnings, [
      {
        kind: "routes",
        pointer: `/routes/${routes.findIndex((route) => route.screen?.kind === missingKind)}/screen/kind`,
        reason: `renderer kind "${missingKind}" is unknown to the build of 2 connected tab(s)`,
        message: {
          key: "StudioProblem_RendererUnknown",
          params: { renderer: missingKind, count: 2 },
        },
        tabs: 2,
      },
      {
        kind: "dialogs",
        pointer: `/dialogs/${dialogs.findIndex((dialog) => dialog.component === missingComponent)}/component`,
        reason: `dialog component "${missingComponent}" is unknown to the build of 1 connected tab(s)`,
        message: {
          key: "StudioProblem_DialogComponentUnknown",
          params: { component: missingComponent, count: 1 },
        },
        tabs: 1,
      },
    ]);
    assert.equal(
      englishText((report.warnings[1] as ConfigWarning).message),
      `the dialog component '${missingComponent}' is unknown to the build of 1 open tab`,
    );
    assert.deepEqual(await plane.publish(AUTHOR, draft.id), { version: 1 }, "a warning does not block");

    // The tabs answer the publication: two applied it, one rejected it and shows version 0 still.
    reports = [
      tab({ build: "old", renderers: kinds.slice(1), applied: 1 }),
      tab({ build: "old", rejected: { version: 1, reason: "unknown renderer kind" } }),
      tab({ accountRecId: 2, applied: 1 }),
      tab({ build: null, manifestVersion: null, renderers: [], dialogs: [] }),
    ];
    assert.deepEqual(plane.clients(), {
      tabs: 4,
      versions: [
        { version: 1, applied: 2, rejected: 1, reasons: { "unknown renderer kind": 1 }, showing: 2 },
        { version: 0, applied: 0, rejected: 0, reasons: {}, showing: 1 },
      ],
      behind: 1,
      builds: { old: 2, new: 1 },
    });
    await plane.close();
    await store.close();
  });
});

for (const backend of BACKENDS)
  describe(`four eyes (${backend.name})`, { skip: backend.skip }, () => {
    const newPlace = placesOf(backend);
    test("publishing needs another staff member's approval; authors never approve their own", async () => {
      const { plane, close } = await openPlane(await newPlace(), new ManualClock(), true);
      const draft = await plane.createChangeSet(AUTHOR, {
        comment: "reviewed",
        baseVersion: 0,
        edits: rename("Reviewed"),
      });
      await assert.rejects(plane.publish(AUTHOR, draft.id), { code: "ConfigApprovalRequired" });
      await assert.rejects(plane.approve(AUTHOR, draft.id, draft.revision), {
        code: "ConfigApprovalRequired",
        status: 403,
      });
      const approved = await plane.approve(REVIEWER, draft.id, draft.revision);
      assert.equal(approved.approvedBy, REVIEWER.name);
      // An edit after the approval voids it.
      const edited = await plane.updateChangeSet(AUTHOR, draft.id, {
        revision: approved.revision,
        edits: rename("Edited"),
      });
      assert.equal(edited.status, "draft");
      assert.equal(edited.approvedBy, null);
      await assert.rejects(plane.publish(AUTHOR, draft.id), { code: "ConfigApprovalRequired" });
      const again = await plane.approve(REVIEWER, draft.id, edited.revision);
      assert.deepEqual(await plane.publish(AUTHOR, draft.id), { version: 1 });
      assert.equal((await englishOf(plane)).Menu_Dashboards, "Edited");
      assert.equal(again.status, "approved");
      await close();
    });

    test("an update naming an old revision is refused (someone changed the draft meanwhile)", async () => {
      const { plane, close } = await openPlane(await newPlace(), new ManualClock());
      const draft = await plane.createChangeSet(AUTHOR, { comment: "a", baseVersion: 0, edits: rename("A") });
      await plane.updateChangeSet(REVIEWER, draft.id, { revision: draft.revision, comment: "b" });
      await assert.rejects(
        plane.updateChangeSet(AUTHOR, draft.id, { revision: draft.revision, comment: "c" }),
        {
          code: "ConfigStaleBase",
          status: 409,
        },
      );
      await close();
    });
  });

for (const backend of BACKENDS)
  describe(`history and last known good (${backend.name})`, { skip: backend.skip }, () => {
    const newPlace = placesOf(backend);
    test("versions, releases and audit entries cannot be changed in the store", async () => {
      const place = await newPlace();
      const { plane, close } = await openPlane(place, new ManualClock());
      const draft = await plane.createChangeSet(AUTHOR, {
        comment: "one",
        baseVersion: 0,
        edits: rename("One"),
      });
      await plane.publish(AUTHOR, draft.id);
      await close();
      await assert.rejects(place.exec("UPDATE config_versions SET comment = 'x'"), /append-only/);
      await assert.rejects(place.exec("DELETE FROM config_versions"), /append-only/);
      await assert.rejects(place.exec("UPDATE config_audit SET actor = 'x'"), /append-only/);
      await assert.rejects(place.exec("UPDATE config_releases SET version = 0"), /append-only/);
    });

    test("at boot a corrupt newest version is skipped: the one before serves, and the plane says degraded", async () => {
      const place = await newPlace();
      const clock = new ManualClock();
      const first = await openPlane(place, clock);
      for (const text of ["First", "Second"]) {
        const head = (await first.plane.versions())[0]?.number ?? 0;
        const draft = await first.plane.createChangeSet(AUTHOR, {
          comment: text,
          baseVersion: head,
          edits: rename(text),
        });
        await first.plane.publish(AUTHOR, draft.id);
      }
      await first.close();
      // Corruption below the application (a disk, a hand edit): the append-only trigger is dropped first.
      await place.exec(DROP_VERSIONS_GUARD[backend.name]);
      await place.exec(
        "UPDATE config_versions SET content = replace(content, 'Second', 'Tampered') WHERE number = 2",
      );
      const second = await openPlane(place, clock);
      assert.equal(second.plane.servedFor(null).configVersion, 1);
      assert.equal((await englishOf(second.plane)).Menu_Dashboards, "First");
      const { degraded } = second.plane.status();
      assert.equal(degraded?.version, 2);
      assert.equal(degraded?.serving, 1);
      assert.match(degraded?.problems[0]?.reason ?? "", /does not match its recorded hash/);
      await second.close();
    });

    test("a newest version the current base no longer accepts is skipped with its pointer and reason", async () => {
      const place = await newPlace();
      const clock = new ManualClock();
      const first = await openPlane(place, clock);
      const draft = await first.plane.createChangeSet(AUTHOR, {
        comment: "ok",
        baseVersion: 0,
        edits: rename("Fine"),
      });
      await first.plane.publish(AUTHOR, draft.id);
      await first.close();
      // A stored version whose content a newer base refuses: a text key the base's menus do not know.
      const content = {
        operator: { menus: { main: { titleKey: "Removed_In_This_Release" } } },
        accounts: {},
      };
      await publishFromOlderRelease(place, content, clock.ms);
      const second = await openPlane(place, clock);
      assert.equal(second.plane.servedFor(null).configVersion, 1);
      const problem = second.plane.status().degraded?.problems[0];
      assert.deepEqual([problem?.kind, problem?.pointer], ["menus", "/main/titleKey"]);
      assert.match(problem?.reason ?? "", /Removed_In_This_Release/);
      await second.close();
    });
  });
