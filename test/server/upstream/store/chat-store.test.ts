/**
 * The support chat's contract on each backend (test/helpers/upstream-store-backends.ts): the member
 * side (server/upstream/store/types/chat.ts: one open session, a message stored once per author and
 * UID, the rating of an archived session) and the staff side (types/realtime.ts ChatStaffStoreFamily:
 * the queue, taking, staff messages and attachments, archiving, edits and deletions) — account B's
 * ids never reach account A's sessions.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { PostgresFamilies } from "../../../../server/upstream/store/postgres/stores.ts";
import type { SupportSessionRecord } from "../../../../server/upstream/store/records-content.ts";
import { type UpstreamStorePlace, upstreamStoreBackends } from "../../../helpers/upstream-store-backends.ts";
import { createTenants, type Tenant } from "../../../helpers/upstream-store-tenants.ts";

const T0 = 1_700_000_000_000;

function session(change: unknown): SupportSessionRecord {
  assert.equal(typeof change, "object", `expected a change, got ${String(change)}`);
  return (change as { session: SupportSessionRecord }).session;
}

for (const backend of await upstreamStoreBackends()) {
  describe(`support chat families on ${backend.name}`, { skip: backend.skip }, () => {
    let place: UpstreamStorePlace;
    let store: PostgresFamilies;
    let a: Tenant;
    let b: Tenant;
    let staff: Tenant;
    let clock = T0;
    const now = () => clock++;

    before(async () => {
      place = await backend.place(() => T0);
      store = await place.open();
      [a, b] = await createTenants(store, now);
      // The staff member lives in another account, as staff do (chat-rows.ts: the author's name).
      staff = b;
    });
    after(async () => place?.close());

    test("member side: one open session, a message stored once per UID, the page follows the member", async () => {
      const account = a.account.recId;
      assert.equal(await store.chat.openSession(account, a.member.recId), undefined);
      const opened = await store.chat.ensureOpenSession(account, a.member.recId, "/home", 1_000);
      assert.deepEqual(
        [opened.status, opened.page, opened.startedAt, opened.staffUserId, opened.rating],
        ["Waiting", "/home", 1_000, null, null],
      );
      assert.deepEqual(await store.chat.ensureOpenSession(account, a.member.recId, "/other", 2_000), opened);
      assert.deepEqual(await store.chat.openSession(account, a.member.recId), opened);
      assert.equal(await store.chat.getSession(b.account.recId, opened.recId), undefined, "another account");

      const posted = await store.chat.postMemberMessage(
        account,
        a.member.recId,
        "/reports",
        { uid: "m-1", type: "Message", text: "Hello" },
        3_000,
      );
      assert.equal(posted.created, true);
      assert.equal(posted.session.recId, opened.recId);
      assert.equal(posted.session.page, "/reports");
      assert.deepEqual(
        [
          posted.message.authorUserId,
          posted.message.authorName,
          posted.message.isInternal,
          posted.message.text,
        ],
        [a.member.recId, "Member alpha.example", false, "Hello"],
      );
      const resent = await store.chat.postMemberMessage(
        account,
        a.member.recId,
        "/elsewhere",
        { uid: "m-1", type: "Message", text: "Hello again" },
        4_000,
      );
      assert.equal(resent.created, false);
      assert.deepEqual(resent.message, posted.message);
      assert.equal(resent.session.page, "/reports", "a resend changes nothing");
      await store.chat.postMemberMessage(
        account,
        a.member.recId,
        "  ",
        { uid: "m-2", type: "Message", text: "x" },
        5,
      );
      assert.equal(
        (await store.chat.getSession(account, opened.recId))?.page,
        "/reports",
        "a blank page is kept",
      );

      const added = await store.chat.addMessage(
        account,
        opened.recId,
        { uid: "sys-1", authorUserId: null, isInternal: true, type: "StaffBusy", text: "" },
        6_000,
      );
      assert.equal(added.created, true);
      assert.equal(added.message.authorName, "");
      const again = await store.chat.addMessage(
        account,
        opened.recId,
        { uid: "sys-1", authorUserId: null, isInternal: true, type: "StaffBusy", text: "" },
        7_000,
      );
      assert.deepEqual(
        again,
        { message: added.message, created: false },
        "a NULL author's UID is one message too",
      );
      assert.deepEqual(
        (await store.chat.messages(account, opened.recId)).map((message) => message.uid),
        ["m-1", "m-2", "sys-1"],
      );
      assert.deepEqual(await store.chat.messages(b.account.recId, opened.recId), [], "another account");
    });

    test("member side: an attachment is stored with its message, found by its file", async () => {
      const account = a.account.recId;
      const posted = await store.chat.postMemberMessage(
        account,
        a.member.recId,
        "",
        { uid: "f-1", type: "File", text: "", fileName: "shot.png" },
        8_000,
        {
          ownerUserId: a.member.recId,
          itemType: "ChatAttachment",
          name: "shot.png",
          contentType: "image/png",
          data: Buffer.from([1, 2]),
        },
      );
      const fileUid = posted.message.fileUid as string;
      assert.equal(typeof fileUid, "string");
      assert.equal(posted.message.fileName, "shot.png");
      assert.deepEqual(await store.files.content(account, fileUid), Buffer.from([1, 2]));
      assert.equal((await store.chat.sessionOfFile(account, fileUid))?.recId, posted.session.recId);
      assert.equal(await store.chat.sessionOfFile(b.account.recId, fileUid), undefined, "another account");
    });

    test("staff side: the queue, take once, messages only where taken, archive with its message", async () => {
      const account = a.account.recId;
      const open = (await store.chat.openSession(account, a.member.recId)) as SupportSessionRecord;
      const second = await store.chat.ensureOpenSession(account, a.user.recId, "/x", 500);
      const queue = await store.realtime.chatStaff.listSessionsForAdmin({
        status: "Waiting",
        limit: 10,
        offset: 0,
      });
      assert.equal(queue.total, 2);
      assert.deepEqual(
        queue.items.map((item) => item.recId),
        [second.recId, open.recId],
        "oldest first",
      );
      const summary = queue.items[1];
      assert.deepEqual(
        [
          summary?.accountName,
          summary?.userFullName,
          summary?.staffFullName,
          summary?.messageCount,
          summary?.firstMessage,
        ],
        ["Company alpha.example", "Member alpha.example", null, 4, "Hello"],
      );
      assert.equal(summary?.lastMessageAt, 8_000);

      assert.equal(
        await store.realtime.chatStaff.staffMessage(
          account,
          open.recId,
          staff.user.recId,
          { uid: "s-0", type: "Message", text: "?" },
          9_000,
        ),
        "notTaken",
      );
      const busy = await store.realtime.chatStaff.staffMessage(
        account,
        open.recId,
        staff.user.recId,
        { uid: "s-busy", type: "StaffBusy", text: "" },
        9_001,
      );
      assert.equal(typeof busy === "object" && busy.created, true);
      assert.equal(
        await store.realtime.chatStaff.take(
          b.account.recId,
          open.recId,
          { userId: staff.user.recId, messageUid: "t-x" },
          9_002,
        ),
        "notFound",
        "another account",
      );
      const taken = await store.realtime.chatStaff.take(
        account,
        open.recId,
        { userId: staff.user.recId, messageUid: "t-1" },
        9_003,
      );
      assert.equal(session(taken).status, "Active");
      assert.equal(
        (taken as { message: { type: string; isInternal: boolean } }).message.type,
        "InternalUserStartTalking",
      );
      assert.equal((taken as { message: { isInternal: boolean } }).message.isInternal, true);
      const retake = await store.realtime.chatStaff.take(
        account,
        open.recId,
        { userId: staff.user.recId, messageUid: "t-2" },
        9_004,
      );
      assert.deepEqual((retake as { message: unknown }).message, null, "already theirs");
      assert.equal(
        await store.realtime.chatStaff.take(
          account,
          open.recId,
          { userId: a.user.recId, messageUid: "t-3" },
          9_005,
        ),
        "takenByOther",
      );
      assert.equal(
        await store.realtime.chatStaff.staffMessage(
          account,
          open.recId,
          a.user.recId,
          { uid: "o-1", type: "Message", text: "me too" },
          9_006,
        ),
        "takenByOther",
      );

      const reply = await store.realtime.chatStaff.staffMessage(
        account,
        open.recId,
        staff.user.recId,
        { uid: "s-1", type: "File", text: "", fileName: "answer.txt" },
        9_010,
        {
          ownerUserId: staff.user.recId,
          itemType: "ChatAttachment",
          name: "a.txt",
          contentType: "text/plain",
          data: Buffer.from("ok"),
        },
      );
      assert.equal(typeof reply, "object");
      const file = (reply as { message: { fileUid: string; fileName: string; authorName: string } }).message;
      assert.deepEqual([file.fileName, file.authorName], ["answer.txt", "Owner of beta.example"]);
      assert.deepEqual(
        await store.files.content(account, file.fileUid),
        Buffer.from("ok"),
        "in the member's account",
      );
      const resend = await store.realtime.chatStaff.staffMessage(
        account,
        open.recId,
        staff.user.recId,
        { uid: "s-1", type: "Message", text: "" },
        9_011,
      );
      assert.equal((resend as { created: boolean }).created, false);
      assert.equal(
        await store.realtime.chatStaff.staffMessage(
          account,
          second.recId,
          staff.user.recId,
          { uid: "s-1", type: "StaffBusy", text: "" },
          9_012,
        ),
        "uidTaken",
      );

      const detail = await store.realtime.chatStaff.getSessionForAdmin(open.recId);
      assert.deepEqual(
        [detail?.staffFullName, detail?.status, detail?.staffUserId],
        ["Owner of beta.example", "Active", staff.user.recId],
      );

      const archived = await store.realtime.chatStaff.archive(
        account,
        open.recId,
        staff.user.recId,
        "arch-1",
        9_020,
      );
      assert.deepEqual([session(archived).status, session(archived).archivedAt], ["Archived", 9_020]);
      assert.equal((archived as { message: { type: string } }).message.type, "SessionArchived");
      assert.equal(
        await store.realtime.chatStaff.archive(account, open.recId, staff.user.recId, "arch-2", 9_021),
        "archived",
      );
      assert.equal(
        await store.realtime.chatStaff.take(
          account,
          open.recId,
          { userId: staff.user.recId, messageUid: "t-9" },
          9_022,
        ),
        "archived",
      );
      const archive = await store.realtime.chatStaff.listSessionsForAdmin({
        status: "Archived",
        limit: 10,
        offset: 0,
      });
      assert.deepEqual(
        archive.items.map((item) => item.recId),
        [open.recId],
      );
      assert.equal(await store.chat.openSession(account, a.member.recId), undefined);
    });

    test("edits and deletions: own messages only, not in an archived session, deleting twice changes nothing", async () => {
      const account = a.account.recId;
      const live = (await store.chat.openSession(account, a.user.recId)) as SupportSessionRecord;
      const posted = await store.chat.postMemberMessage(
        account,
        a.user.recId,
        "",
        { uid: "e-1", type: "Message", text: "typo" },
        10_000,
      );
      const chat = store.realtime.chatStaff;
      assert.equal(
        await chat.editMessage(b.account.recId, live.recId, a.user.recId, "e-1", "fixed", 10_001),
        "notFound",
      );
      assert.equal(
        await chat.editMessage(account, live.recId, a.member.recId, "e-1", "fixed", 10_001),
        "notFound",
      );
      const same = await chat.editMessage(account, live.recId, a.user.recId, "e-1", "typo", 10_002);
      assert.deepEqual(same, { message: posted.message, changed: false });
      const edited = await chat.editMessage(account, live.recId, a.user.recId, "e-1", "fixed", 10_003);
      assert.deepEqual(
        [
          (edited as { changed: boolean }).changed,
          (edited as { message: { type: string; text: string } }).message.type,
        ],
        [true, "MessageEdited"],
      );
      const attached = await store.chat.postMemberMessage(
        account,
        a.user.recId,
        "",
        { uid: "e-2", type: "File", text: "", fileName: "f.bin" },
        10_004,
        {
          ownerUserId: a.user.recId,
          itemType: "ChatAttachment",
          name: "f.bin",
          contentType: "application/octet-stream",
          data: Buffer.from([9]),
        },
      );
      assert.equal(
        await chat.editMessage(account, live.recId, a.user.recId, "e-2", "x", 10_005),
        "notEditable",
      );
      const deleted = await chat.deleteMessage(account, live.recId, a.user.recId, "e-2", 10_006);
      const blank = (
        deleted as { message: { type: string; fileUid: string | null; fileName: string | null } }
      ).message;
      assert.deepEqual([blank.type, blank.fileUid, blank.fileName], ["MessageDeleted", null, null]);
      assert.equal(
        await store.files.get(account, attached.message.fileUid as string),
        undefined,
        "the attachment goes",
      );
      const twice = await chat.deleteMessage(account, live.recId, a.user.recId, "e-2", 10_007);
      assert.equal((twice as { changed: boolean }).changed, false);

      await chat.archive(account, live.recId, staff.user.recId, "arch-3", 10_010);
      assert.equal(
        await chat.editMessage(account, live.recId, a.user.recId, "e-1", "late", 10_011),
        "sessionArchived",
      );
      assert.equal(
        await chat.deleteMessage(account, live.recId, a.user.recId, "e-1", 10_012),
        "sessionArchived",
      );
    });

    test("rating: the member's own archived session, once", async () => {
      const account = a.account.recId;
      const sessions = await store.chat.listSessions(account, a.member.recId);
      assert.ok(sessions.length >= 1);
      const archived = sessions[0] as SupportSessionRecord;
      const rating = { rating: 4, feedback: "Quick" };
      assert.equal(
        await store.chat.saveRating(b.account.recId, a.member.recId, archived.recId, rating, 11_000),
        "notFound",
      );
      assert.equal(
        await store.chat.saveRating(account, a.user.recId, archived.recId, rating, 11_000),
        "notFound",
      );
      const fresh = await store.chat.ensureOpenSession(account, a.member.recId, "/", 11_001);
      assert.equal(
        await store.chat.saveRating(account, a.member.recId, fresh.recId, rating, 11_002),
        "notArchived",
      );
      assert.equal(
        await store.chat.saveRating(account, a.member.recId, archived.recId, rating, 11_003),
        "saved",
      );
      assert.equal(
        await store.chat.saveRating(account, a.member.recId, archived.recId, rating, 11_004),
        "alreadyRated",
      );
      const rated = await store.chat.getSession(account, archived.recId);
      assert.deepEqual([rated?.rating, rated?.feedback, rated?.ratedAt], [4, "Quick", 11_003]);
      assert.deepEqual(
        (await store.chat.listSessions(account, a.member.recId)).map((entry) => entry.recId),
        [fresh.recId, archived.recId],
        "newest first",
      );

      await store.chat.assignStaff(b.account.recId, fresh.recId, staff.user.recId);
      assert.equal((await store.chat.getSession(account, fresh.recId))?.status, "Waiting", "another account");
      await store.chat.assignStaff(account, fresh.recId, staff.user.recId);
      const assigned = await store.chat.getSession(account, fresh.recId);
      assert.deepEqual([assigned?.status, assigned?.staffUserId], ["Active", staff.user.recId]);
      assert.equal(await store.chat.archive(b.account.recId, fresh.recId, 11_005), false, "another account");
      assert.equal(await store.chat.archive(account, fresh.recId, 11_006), true);
      assert.equal(await store.chat.archive(account, fresh.recId, 11_007), false);
    });
  });
}
