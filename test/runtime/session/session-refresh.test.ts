/**
 * §7 refresh-base-page-user in the browser's session store: the session data is read again and
 * replaced in place — the same user stays signed in (no pending state, so nothing on display is
 * unmounted), only the refresh listeners hear of it — and an answer for another identity, or none,
 * changes nothing.
 */
import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";
import type { AccessProfile } from "../../../core/access/access-profile.ts";
import {
  onSessionChange,
  onSessionRefresh,
  refreshSession,
  sessionStore,
  setProfileBuilder,
} from "../../../runtime/session/session-store.ts";
import type { LoggedInConfig } from "../../../schemas/payloads/user-session.ts";

const configOf = (user: Record<string, unknown>) =>
  ({
    User: { UserUID: "u-1", Impersonating: false, AccountMenuTitle: "", ...user },
  }) as unknown as LoggedInConfig;

/** A fetch answering /gw/session with `status` and `{ user }`. */
const answering = (status: number, user?: LoggedInConfig): typeof fetch =>
  (async () => new Response(JSON.stringify(user ? { user } : {}), { status })) as typeof fetch;

const seen: string[] = [];
onSessionChange(() => seen.push("change"));
onSessionRefresh((config) => seen.push(`refresh ${config.User.AccountMenuTitle}`));
setProfileBuilder((config) => ({ title: config.User.AccountMenuTitle }) as unknown as AccessProfile);

beforeEach(() => {
  seen.length = 0;
  sessionStore.update((s) => {
    s.status = "authenticated";
    s.config = configOf({}) as never;
    s.profile = null;
  });
});

describe("refreshSession", () => {
  test("the same user: config and profile replaced in place, the refresh listeners told", async () => {
    const statuses: string[] = [];
    const off = sessionStore.subscribe(() => statuses.push(sessionStore.get().status));
    const applied = await refreshSession(answering(200, configOf({ AccountMenuTitle: "Insights" })));
    off();
    assert.equal(applied, true);
    assert.equal(sessionStore.get().config?.User.AccountMenuTitle, "Insights");
    assert.deepEqual(sessionStore.get().profile, { title: "Insights" });
    assert.ok(
      statuses.every((status) => status === "authenticated"),
      "never pending",
    );
    assert.deepEqual(seen, ["refresh Insights"]);
  });

  test("another user, another impersonation state, no session or a failure: nothing changes", async () => {
    for (const fetchImpl of [
      answering(200, configOf({ UserUID: "u-2", AccountMenuTitle: "Other" })),
      answering(200, configOf({ Impersonating: true, AccountMenuTitle: "Other" })),
      answering(401),
      answering(502),
    ]) {
      assert.equal(await refreshSession(fetchImpl), false);
      assert.equal(sessionStore.get().config?.User.AccountMenuTitle, "");
    }
    assert.deepEqual(seen, []);
  });

  test("signed out: nothing is asked", async () => {
    sessionStore.update((s) => {
      s.config = null;
    });
    let asked = false;
    const fetchImpl = (async () => {
      asked = true;
      return new Response("{}");
    }) as typeof fetch;
    assert.equal(await refreshSession(fetchImpl), false);
    assert.equal(asked, false);
  });
});
