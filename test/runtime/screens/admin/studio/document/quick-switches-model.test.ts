/**
 * The one-click switches as data: each maintenance choice → the request body of PUT
 * /gw/config/maintenance (server/gateway/config/README.md "Maintenance") or why none can be made,
 * the gateway's answer → the sentence announced; and signup (§2.1: open only when SignupAllowed is
 * exactly true) → the call /admin/configuration itself makes.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  localInstant,
  MAINTENANCE_MESSAGE_MAX_LENGTH,
  type MaintenanceInput,
  maintenanceOutcome,
  maintenanceRequest,
  signupOpen,
  signupRequest,
} from "../../../../../../runtime/screens/admin/studio/editors/document/quick-switches-model.ts";

// Local times are read in the test's time zone, as the browser reads a datetime-local field.
const NOW = new Date("2030-05-01T10:00").getTime();
const iso = (local: string) => new Date(local).toISOString();

describe("maintenance: the operator's choice → the request", () => {
  const cases: { name: string; input: Omit<MaintenanceInput, "now">; expect: unknown }[] = [
    { name: "on now", input: { action: "on" }, expect: { body: { enabled: true } } },
    {
      name: "on now with messages: trimmed, the empty ones left out",
      input: { action: "on", messages: { en: "  Back soon ", de: "", fr: "   ", it: "Torniamo presto" } },
      expect: { body: { enabled: true, messages: { en: "Back soon", it: "Torniamo presto" } } },
    },
    {
      name: "off now: no messages",
      input: { action: "off", messages: { en: "x" } },
      expect: { body: { enabled: false } },
    },
    {
      name: "a window",
      input: {
        action: "window",
        startsAt: "2030-05-01T22:00",
        endsAt: "2030-05-02T01:30",
        messages: { en: "Upgrade" },
      },
      expect: {
        body: {
          enabled: true,
          startsAt: iso("2030-05-01T22:00"),
          endsAt: iso("2030-05-02T01:30"),
          messages: { en: "Upgrade" },
        },
      },
    },
    {
      name: "a window without a start",
      input: { action: "window", endsAt: "2030-05-02T01:30" },
      expect: { error: "StudioSwitch_StartMissing" },
    },
    {
      name: "a window without an end",
      input: { action: "window", startsAt: "2030-05-01T22:00" },
      expect: { error: "StudioSwitch_EndMissing" },
    },
    {
      name: "a window starting in the past",
      input: { action: "window", startsAt: "2030-05-01T09:00", endsAt: "2030-05-02T01:30" },
      expect: { error: "StudioSwitch_StartInPast" },
    },
    {
      name: "a window ending before it starts",
      input: { action: "window", startsAt: "2030-05-01T22:00", endsAt: "2030-05-01T22:00" },
      expect: { error: "StudioSwitch_EndBeforeStart" },
    },
    {
      name: "an end while on",
      input: { action: "end", endsAt: "2030-05-01T12:00" },
      expect: { body: { enabled: true, endsAt: iso("2030-05-01T12:00") } },
    },
    {
      name: "an end in the past",
      input: { action: "end", endsAt: "2030-05-01T09:59" },
      expect: { error: "StudioSwitch_EndInPast" },
    },
    {
      name: "an end that is not a date-time",
      input: { action: "end", endsAt: "tomorrow" },
      expect: { error: "StudioSwitch_EndMissing" },
    },
    {
      name: "a message over the limit",
      input: { action: "on", messages: { nl: "x".repeat(MAINTENANCE_MESSAGE_MAX_LENGTH + 1) } },
      expect: { error: "StudioSwitch_MessageTooLong" },
    },
  ];
  for (const { name, input, expect } of cases) {
    test(name, () => assert.deepEqual(maintenanceRequest({ ...input, now: NOW }), expect));
  }

  test("datetime-local values only", () => {
    assert.equal(localInstant(""), null);
    assert.equal(localInstant("2030-05-01"), null);
    assert.equal(localInstant("2030-05-01T22:00"), new Date("2030-05-01T22:00").getTime());
  });
});

describe("maintenance: the gateway's answer → the sentence announced", () => {
  const at = (ms: number) => `at:${ms}`;
  const cases: { name: string; body: { enabled: boolean }; answer: object; expect: unknown }[] = [
    {
      name: "switched on",
      body: { enabled: true },
      answer: { version: 7 },
      expect: { key: "StudioSwitch_SwitchedOn", params: { version: 7 } },
    },
    {
      name: "switched off",
      body: { enabled: false },
      answer: { version: 8 },
      expect: { key: "StudioSwitch_SwitchedOff", params: { version: 8 } },
    },
    {
      name: "already on",
      body: { enabled: true },
      answer: {},
      expect: { key: "StudioSwitch_AlreadyOn", params: {} },
    },
    {
      name: "already off",
      body: { enabled: false },
      answer: {},
      expect: { key: "StudioSwitch_AlreadyOff", params: {} },
    },
    {
      name: "a window scheduled",
      body: { enabled: true },
      answer: { scheduled: { on: 1, off: 2 } },
      expect: { key: "StudioSwitch_WindowScheduled", params: { on: "at:1", off: "at:2" } },
    },
    {
      name: "on scheduled",
      body: { enabled: true },
      answer: { scheduled: { on: 1 } },
      expect: { key: "StudioSwitch_OnScheduled", params: { on: "at:1" } },
    },
    {
      name: "on now until an end",
      body: { enabled: true },
      answer: { version: 9, scheduled: { off: 2 } },
      expect: { key: "StudioSwitch_OnUntil", params: { off: "at:2" } },
    },
    {
      name: "an end scheduled",
      body: { enabled: true },
      answer: { scheduled: { off: 2 } },
      expect: { key: "StudioSwitch_OffScheduled", params: { off: "at:2" } },
    },
  ];
  for (const { name, body, answer, expect } of cases) {
    test(name, () => assert.deepEqual(maintenanceOutcome(body, answer, at), expect));
  }
});

describe("signup: SignupAllowed as /admin/configuration shows and saves it", () => {
  test("§2.1: open only when the value is exactly true", () => {
    assert.equal(signupOpen({ Value: "true" }), true);
    assert.equal(signupOpen({ Value: true }), true);
    for (const Value of ["false", "1", "yes", "", null, undefined, "TRUE"])
      assert.equal(signupOpen({ Value }), false, String(Value));
    assert.equal(signupOpen(null), false);
  });

  test("an existing entry is edited; a missing one is created in the security section", () => {
    assert.deepEqual(signupRequest(true, true), {
      path: "Admin/Configuration/SignupAllowed",
      method: "PUT",
      body: { Value: "true" },
    });
    assert.deepEqual(signupRequest(false, true), {
      path: "Admin/Configuration/SignupAllowed",
      method: "PUT",
      body: { Value: "false" },
    });
    assert.deepEqual(signupRequest(true, false), {
      path: "Admin/Configuration",
      method: "POST",
      body: { Key: "SignupAllowed", Section: "security", Value: "true" },
    });
  });
});
