/**
 * One text rule for every stored name and message (schemas/text-rules.ts), over real HTTP and
 * WebSocket against the seeded upstream: each surface that stores a name (teams, objects, folders,
 * ticket and comment titles, roles, the account's name and menu titles, admin accounts and
 * announcements) or a message (the support chat on both sides and its edits, ticket descriptions,
 * comments, staff comments, announcement bodies) refuses every class of control, separator and
 * direction character with 400 and the §8 body { ErrorCode: 1001 InvalidRequest, Message } — a
 * message that never repeats the text — and stores real text: accents, emoji, Arabic, Hebrew, and
 * in messages tab and line breaks. The demo seed passes the same rules.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { isMultiLineText, isSingleLineText } from "../../../schemas/text-rules.ts";
import { ErrorCode } from "../../../server/upstream/http/error-codes.ts";
import { filesForm, roots } from "./content-fixture.ts";
import { connectHub, type HubRecorder, stopAll } from "./realtime-fixture.ts";
import {
  type Client,
  type Json,
  openStoreSql,
  type Reply,
  type RunningUpstream,
  signIn,
  startUpstream,
} from "./upstream-fixture.ts";

/** Bad characters by class: [class, characters]. Names refuse all of them. */
const NAME_REFUSED: readonly [string, string[]][] = [
  ["C0 controls", ["\u0000", "\u0001", "\u0007", "\t", "\n", "\u000b", "\r", "\u001b", "\u001f"]],
  ["DEL", ["\u007f"]],
  ["C1 controls", ["\u0080", "\u0085", "\u009b", "\u009f"]],
  ["line and paragraph separators", ["\u2028", "\u2029"]],
  ["bidi embeddings and overrides", ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e"]],
  ["bidi isolates", ["\u2066", "\u2067", "\u2068", "\u2069"]],
  ["direction marks", ["\u200e", "\u200f", "\u061c"]],
];
/** Messages allow tab, LF, CR LF and the direction marks; everything else of the name classes is refused. */
const MESSAGE_REFUSED: readonly [string, string[]][] = [
  ["C0 controls", ["\u0000", "\u0001", "\u0007", "\u000b", "\u000c", "\r", "\u001b", "\u001f"]],
  ["DEL", ["\u007f"]],
  ["C1 controls", ["\u0080", "\u0085", "\u009b", "\u009f"]],
  ["line and paragraph separators", ["\u2028", "\u2029"]],
  ["bidi embeddings and overrides", ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e"]],
  ["bidi isolates", ["\u2066", "\u2067", "\u2068", "\u2069"]],
];
const NAME_ALLOWED: readonly [string, string][] = [
  ["accented letters", "Crème brûlée Ångström"],
  ["emoji", "Launch 🎉 👨‍👩‍👧"],
  ["Arabic", "تقرير المبيعات"],
  ["Hebrew", "דוח מכירות"],
  ["RTL with digits", "تقرير 2025"],
];
const MESSAGE_ALLOWED: readonly [string, string][] = [
  ["newline", "first line\nsecond line"],
  ["tab", "col a\tcol b"],
  ["CR LF", "first line\r\nsecond line"],
  ["accented letters and emoji", "Déjà vu 🎉 👨‍👩‍👧"],
  ["Arabic", "مرحبا، التصدير لا يعمل"],
  ["Hebrew", "שלום, הייצוא לא עובד"],
  ["RTL with a direction mark", "الملف C++\u200f."],
];
/** Put in every refused text: the answer must not repeat it. */
const MARKER = "zq-marker";

/** JSON of a value with every invisible or reordering character escaped, safe in a failure message. */
const visible = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );

let upstream: RunningUpstream;
let owner: Client;
let agent: Client;
let admin: Client;
let member: HubRecorder;
const ids = { team: 0, ticket: 0, dashboard: 0, personalReports: 0, session: 0, staffTicket: 0, account: 0 };
const STAFF_MESSAGE_UID = "staff-edit-00000001";
let counter = 0;
/** A fresh suffix: names are unique per account. */
const next = () => ++counter;

const ACCOUNT_SETTINGS = {
  MenuLogoStyle: "Standard",
  MenuDisplayTitleType: "CompanyName",
  MenuTitle: "",
  TwoFactorAuthenticationPolicy: "Optional",
  ShowHelpLinks: true,
  EmbeddingOrigins: [],
};

interface Surface {
  what: string;
  send: (text: string) => Promise<Reply>;
  /** Characters the client itself rewrites before sending, so the server never sees them. */
  unsendable?: string[];
}

const NAME_SURFACES: Surface[] = [
  { what: "team create", send: (text) => owner.post("/api/Teams", { Name: text }) },
  { what: "team rename", send: (text) => owner.put(`/api/Teams/${ids.team}`, { Name: text }) },
  {
    what: "object name",
    send: (text) => owner.post("/api/Content/Reports/Objects", { Type: "Report", Name: text }),
  },
  {
    what: "folder name",
    send: (text) =>
      owner.post("/api/Content/Reports/Folders", { Name: text, ParentRecId: ids.personalReports }),
  },
  {
    what: "ticket subject",
    send: (text) => owner.post("/api/SupportTickets", { Title: text, Description: "Details." }),
  },
  {
    what: "comment title",
    send: (text) => owner.post(`/api/SupportTickets/${ids.ticket}/Comments`, { Title: text, Text: "Body." }),
  },
  {
    what: "role name",
    send: (text) => owner.post("/api/Roles", { Name: text, Permissions: "Dashboards_r" }),
  },
  {
    what: "account name (schemas/payloads)",
    send: (text) => owner.put("/api/Account/Settings", { ...ACCOUNT_SETTINGS, Name: text }),
  },
  {
    what: "menu section title (schemas/payloads)",
    send: (text) =>
      owner.put("/api/Account/Menu", { Sections: [{ Id: "data", Title: text, Order: [], Hidden: [] }] }),
  },
  {
    what: "admin account name",
    send: (text) => admin.put(`/api/Admin/Accounts/${ids.account}`, { Name: text }),
  },
  {
    what: "admin announcement title",
    send: (text) =>
      admin.post("/api/Admin/LoginAnnouncements", {
        Title: text,
        Severity: "Info",
        Body: "Body.",
        FromDate: "2025-01-01T00:00:00Z",
        ToDate: "2025-02-01T00:00:00Z",
      }),
  },
];

const MESSAGE_SURFACES: Surface[] = [
  {
    what: "chat message (member)",
    send: (text) => owner.post("/api/supportchat/message", { Page: "/", Text: text }),
  },
  {
    what: "chat reply (staff)",
    send: (text) => agent.post(`/api/Admin/SupportChat/Sessions/${ids.session}/Messages`, { Text: text }),
  },
  {
    what: "chat message edit (staff)",
    send: (text) =>
      agent.put(`/api/Admin/SupportChat/Sessions/${ids.session}/Messages/${STAFF_MESSAGE_UID}`, {
        Text: text,
      }),
  },
  {
    what: "ticket description",
    send: (text) => owner.post("/api/SupportTickets", { Title: `Ticket ${next()}`, Description: text }),
  },
  {
    what: "ticket comment",
    send: (text) => owner.post(`/api/SupportTickets/${ids.ticket}/Comments`, { Text: text }),
  },
  {
    what: "ticket comment with an attachment (multipart)",
    send: (text) =>
      owner.post(
        `/api/SupportTickets/${ids.ticket}/Comments`,
        filesForm([{ name: "log.txt", data: Buffer.from("log"), type: "text/plain" }], { Text: text }),
      ),
    // multipart/form-data encoding turns a lone CR into CR LF (HTML Standard), which is allowed.
    unsendable: ["\r"],
  },
  {
    what: "object comment",
    send: (text) => owner.post(`/api/Content/Dashboards/Objects/${ids.dashboard}/Comments`, { Text: text }),
  },
  {
    what: "admin ticket comment (staff)",
    send: (text) => agent.post(`/api/Admin/Support/${ids.staffTicket}/Comments`, { Text: text }),
  },
  {
    what: "admin announcement body",
    send: (text) =>
      admin.post("/api/Admin/LoginAnnouncements", {
        Title: `Notice ${next()}`,
        Severity: "Info",
        Body: text,
        FromDate: "2025-01-01T00:00:00Z",
        ToDate: "2025-02-01T00:00:00Z",
      }),
  },
];

function created(reply: Reply, what: string): Json {
  assert.ok(reply.status === 200 || reply.status === 201, `${what}: ${reply.status} ${visible(reply.body)}`);
  return reply.body;
}

before(async () => {
  upstream = await startUpstream();
  [owner, agent, admin] = await Promise.all([
    signIn(upstream, "owner"),
    signIn(upstream, "supportAgent"),
    signIn(upstream, "staffAdmin"),
  ]);
  ids.team = created(await owner.post("/api/Teams", { Name: "Rename target" }), "team").RecId;
  const ticketTitle = "Text rules ticket";
  ids.ticket = created(
    await owner.post("/api/SupportTickets", { Title: ticketTitle, Description: "For comments." }),
    "ticket",
  ).RecId;
  ids.dashboard = created(
    await owner.post("/api/Content/Dashboards/Objects", { Type: "Dashboard", Name: "Comment target" }),
    "dashboard",
  ).RecId;
  ids.personalReports = (await roots(owner, "Reports")).Personal.RecId;
  const staffTickets = created(
    await agent.get(`/api/Admin/Support?search=${encodeURIComponent(ticketTitle)}`),
    "staff ticket list",
  );
  ids.staffTicket = staffTickets.items[0].RecId;
  ids.account = created(await admin.get("/api/Admin/Accounts?pageSize=1"), "accounts").items[0].RecId;

  // A support session taken by the agent, with one staff message to edit.
  created(await owner.post("/api/supportchat/message", { Page: "/", Text: "Hello" }), "chat");
  const queue = created(await agent.get("/api/Admin/SupportChat/Sessions?status=Waiting"), "queue");
  ids.session = (queue.Items as Json[]).find((s) => s.UserFullName === "Olivia Owner").RecId;
  created(await agent.post(`/api/Admin/SupportChat/Sessions/${ids.session}/Take`), "take");
  created(
    await agent.post(`/api/Admin/SupportChat/Sessions/${ids.session}/Messages`, {
      Text: "To be edited",
      UID: STAFF_MESSAGE_UID,
    }),
    "staff message",
  );
  member = await connectHub(upstream, "supportchat", owner);
});
after(async () => {
  await stopAll([member]);
  await upstream.close();
});

/** Asserts 400 InvalidRequest (1001) whose message repeats neither the text nor its bad character. */
function assertRefused(reply: Reply, bad: string, what: string): void {
  const where = `${what} with ${visible(bad)}: ${reply.status} ${visible(reply.body)}`;
  assert.equal(reply.status, 400, where);
  assert.equal(reply.body.ErrorCode, ErrorCode.InvalidRequest, where);
  assert.equal(typeof reply.body.Message, "string", where);
  assert.ok(!reply.body.Message.includes(MARKER), `${where}: the message repeats the input`);
  assert.ok(!reply.body.Message.includes(bad), `${where}: the message holds the character`);
}

/** Whether any string in the answer is `text` (or, sent as multipart, `text` with CR LF line breaks). */
function holds(body: unknown, text: string): boolean {
  if (typeof body === "string") return body === text || body === text.replace(/\r?\n/g, "\r\n");
  if (Array.isArray(body)) return body.some((item) => holds(item, text));
  if (body && typeof body === "object") return Object.values(body).some((value) => holds(value, text));
  return false;
}

function surfaceTests(surfaces: Surface[], refused: typeof NAME_REFUSED, allowed: typeof NAME_ALLOWED) {
  for (const surface of surfaces) {
    describe(surface.what, () => {
      for (const [what, characters] of refused) {
        test(`refuses ${what}`, async () => {
          for (const bad of characters.filter((c) => !surface.unsendable?.includes(c))) {
            assertRefused(await surface.send(`${MARKER} ${next()}${bad}end`), bad, surface.what);
          }
        });
      }
      for (const [what, text] of allowed) {
        test(`stores ${what}`, async () => {
          const sent = `${text} ${next()}`;
          const body = created(await surface.send(sent), `${surface.what}, ${what}`);
          assert.ok(holds(body, sent), `${surface.what}: ${visible(sent)} not in ${visible(body)}`);
        });
      }
    });
  }
}

/** Seeded text columns and the rule each follows: [table, column, rule]. */
const SEEDED_TEXT: readonly [string, string, "name" | "message"][] = [
  ["accounts", "name", "name"],
  ["accounts", "menu_title", "name"],
  ["roles", "name", "name"],
  ["users", "full_name", "name"],
  ["teams", "name", "name"],
  ["objects", "name", "name"],
  ["folders", "name", "name"],
  ["files", "name", "name"],
  ["api_keys", "name", "name"],
  ["comments", "title", "name"],
  ["comments", "text", "message"],
  ["support_tickets", "description", "message"],
  ["chat_messages", "text", "message"],
  ["chat_messages", "file_name", "name"],
  ["projects", "description", "message"],
  ["login_announcements", "title", "name"],
  ["login_announcements", "body", "message"],
  ["help_articles", "title", "name"],
  ["help_articles", "summary", "message"],
  ["help_articles", "body", "message"],
  ["subscription_templates", "name", "name"],
  ["subscription_templates", "description", "message"],
  ["internal_user_profiles", "display_name", "name"],
  ["prospects", "company_name", "name"],
  ["prospects", "contact_name", "name"],
  ["prospects", "notes", "message"],
  ["package_items", "name", "name"],
  ["package_items", "description", "message"],
  ["system_media", "file_name", "name"],
  ["system_media", "alt_text", "name"],
  ["connectors", "name", "name"],
  ["connectors", "description", "message"],
  ["query_functions", "syntax", "name"],
  ["query_functions", "description", "message"],
  ["query_functions", "example", "message"],
  ["databases", "name", "name"],
  ["credit_notes", "reason", "message"],
  ["blocked_ips", "note", "message"],
];

test("the demo seed passes its own text rules (checked before any test stores text)", async () => {
  const sql = await openStoreSql(upstream);
  try {
    let checked = 0;
    const broken: string[] = [];
    for (const [table, column, rule] of SEEDED_TEXT) {
      const rows = await sql.all<{ value: string }>(
        `SELECT ${column} AS value FROM ${table} WHERE ${column} IS NOT NULL`,
      );
      for (const { value } of rows) {
        checked++;
        const ok = rule === "name" ? isSingleLineText(value) : isMultiLineText(value);
        if (!ok) broken.push(`${table}.${column}: ${visible(value)}`);
      }
    }
    assert.deepEqual(broken, []);
    assert.ok(checked > 200, `only ${checked} seeded texts found`);
  } finally {
    await sql.close();
  }
});

describe("names (single-line rule)", () => surfaceTests(NAME_SURFACES, NAME_REFUSED, NAME_ALLOWED));
describe("messages (multi-line rule)", () =>
  surfaceTests(MESSAGE_SURFACES, MESSAGE_REFUSED, MESSAGE_ALLOWED));

describe("chat hub (member): SendMessage and EditMessage follow the same rule", () => {
  test("refuses every bad class, in a new message and in an edit, without repeating the text", async () => {
    const uid = "member-text-00000001";
    await member.connection.invoke("SendMessage", "/", "Original", uid);
    for (const [what, characters] of MESSAGE_REFUSED) {
      for (const bad of characters) {
        for (const invoke of [
          () => member.connection.invoke("SendMessage", "/", `${MARKER}${bad}`, `member-bad-${next()}-0000`),
          () => member.connection.invoke("EditMessage", uid, `${MARKER}${bad}`),
        ]) {
          const error = await invoke().then(
            () => assert.fail(`${what} ${visible(bad)} accepted`),
            (e: Error) => e,
          );
          assert.match(error.message, /control characters/, `${what} ${visible(bad)}`);
          assert.ok(!error.message.includes(MARKER), "the error repeats the input");
        }
      }
    }
    const page = await member.connection
      .invoke("SendMessage", "/dash\u202eboards", "Hi", "member-page-00000001")
      .then(
        () => "accepted",
        (e: Error) => e.message,
      );
    assert.match(page, /page must be one line/);
  });

  test("stores tab, line breaks and RTL text, new and edited", async () => {
    for (const [what, text] of MESSAGE_ALLOWED) {
      const uid = `member-ok-${next()}-0000`;
      const sent = (await member.connection.invoke("SendMessage", "/", text, uid)) as Json;
      assert.equal(sent.Text, text, what);
      const edited = (await member.connection.invoke("EditMessage", uid, `${text} (edited)`)) as Json;
      assert.equal(edited.Text, `${text} (edited)`, what);
    }
  });
});
