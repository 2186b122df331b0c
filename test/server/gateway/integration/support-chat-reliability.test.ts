/**
 * The support chat loses nothing and shows nothing twice (§4.4), end to end on real sockets: ten
 * members, each running the runtime's member chat (createMemberChat over the runtime's hub client),
 * and two support agents, each running the runtime's support console (createSupportConsole), talk
 * through the real gateway to the real embedded upstream — a thousand messages, while the
 * upstream's hub connections are cut twice (the gateway reconnects; REST keeps working). Then every
 * member's chat and every owning agent's conversation hold each message of the session exactly once,
 * in the server's order, and both queues agree with the server. Two agents taking one session at
 * once: one takes it, the other is told someone else did.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setTimeout as delay } from "node:timers/promises";
import { createMemberChat, type MemberChat } from "../../../../runtime/chat/chat-store.ts";
import type { StaffSession } from "../../../../runtime/screens/admin/support-console/console-state.ts";
import {
  CONSOLE_PATHS,
  createSupportConsole,
  type SupportConsole,
} from "../../../../runtime/screens/admin/support-console/console-store.ts";
import { type HubFaultProxy, startHubFaultProxy } from "../../../../scripts/e2e-hub-fault.ts";
import { upstreamContextOf } from "../../../../server/upstream/app.ts";
import { demoUser } from "../../../../server/upstream/seed/demo-accounts.ts";
import { BrowserClient, DEMO_LOGINS, DEMO_PASSWORD, type DemoUser, signedIn } from "./browser-client.ts";
import {
  type RunningGateway,
  type RunningUpstream,
  startGateway,
  startUpstream,
} from "./integration-fixture.ts";
import {
  consoleIdle,
  consoleUids,
  memberChatIdle,
  memberChatUids,
  openRuntimeTab,
  type Tab,
  until as waitUntil,
} from "./runtime-tabs.ts";

/** Members in the exchange, and one more whose fresh session the two agents race for. */
const MEMBERS = 10;
/** Messages each member sends, and replies each session gets: 10 × (50 + 50) = 1,000. */
const ROUNDS = 50;
/** One message per member and one reply per session every ROUND_MS: the traffic's pace. */
const ROUND_MS = 180;
/** The rounds after which the upstream's hubs are cut. */
const DROP_AFTER_ROUNDS = [15, 32] as const;
/** How long the cut upstream refuses new hub connections (the gateway's attempts fail meanwhile). */
const HUB_DOWN_MS = 1_200;
/** The longest any awaited condition may take before the test fails, naming it (a safety net). */
const WAIT_LIMIT_MS = 30_000;
const CHAT_ROLE_PERMISSIONS = "InAppChatAccess_rw;UserProfileAndPreferences_rw";

interface Member extends Tab {
  index: number;
  userId: number;
  fullName: string;
  chat: MemberChat;
}

interface Agent extends Tab {
  who: DemoUser;
  userId: number;
  console: SupportConsole;
  /** Session ids this agent took, by member index. */
  sessions: Map<number, number>;
}

let upstream: RunningUpstream;
let proxy: HubFaultProxy;
let gateway: RunningGateway;
let observer: BrowserClient;
const members: Member[] = [];
const agents: Agent[] = [];
const stops: (() => void)[] = [];

/** SendMessage invocations the members' hub clients put on the wire (resends included). */
let sendMessageFrames = 0;

/** A tab of `client` on the gateway, counting the members' SendMessage frames. */
function openBrowser(client: BrowserClient): Tab {
  const tab = openRuntimeTab(client, {
    baseUrl: () => gateway.url,
    hubUrl: () => gateway.hubUrl,
    onSend: (data) => {
      if (data.includes('"target":"SendMessage"')) sendMessageFrames += 1;
    },
  });
  stops.push(tab.close);
  return tab;
}

/** Waits until `check` holds, within the suite's safety limit. */
const until = (what: string, check: () => boolean) => waitUntil(what, check, WAIT_LIMIT_MS);

const memberUids = (member: Member) => memberChatUids(member.chat);
const agentUids = (agent: Agent, sessionId: number) => consoleUids(agent.console, sessionId);
const memberIdle = (member: Member) => memberChatIdle(`member ${member.index}`, member.hub, member.chat);
const agentIdle = (agent: Agent) => consoleIdle(agent.who, agent.hub, agent.console);

async function settle(): Promise<void> {
  await Promise.all(agents.map((agent) => agent.console.settled()));
  await until(
    "every member chat and every console idle",
    () => members.every(memberIdle) && agents.every(agentIdle),
  );
}

/** A message of a transcript, as the staff calls list it. */
interface Listed {
  UID: string;
  Type: string;
  Text: string | null;
  IsInternal: boolean;
}

async function serverTranscript(sessionId: number): Promise<Listed[]> {
  const answer = await observer.get(`/api/${CONSOLE_PATHS.session(sessionId)}`);
  assert.equal(answer.status, 200, answer.bytes.toString());
  return answer.json.Messages as Listed[];
}

async function serverQueue(): Promise<StaffSession[]> {
  const lists = await Promise.all(
    (["Waiting", "Active"] as const).map((status) => observer.get(`/api/${CONSOLE_PATHS.sessions(status)}`)),
  );
  return lists.flatMap((answer) => answer.json.Items as StaffSession[]);
}

const queueKeys = (sessions: Iterable<StaffSession>) =>
  [...sessions].map((s) => `${s.RecId}:${s.Status}:${s.StaffUserRecId ?? "-"}`).sort();

/** Signs a member made for this suite in through the gateway. */
async function signInMember(email: string): Promise<BrowserClient> {
  const client = await new BrowserClient(gateway.url).open();
  const answer = await client.post("/gw/session/login", {
    domain: "northwind",
    email,
    password: DEMO_PASSWORD,
  });
  if (answer.status !== 200 || !answer.json?.user)
    throw new Error(`sign-in of ${email} failed: ${answer.status}`);
  return client;
}

const memberText = (member: number, round: number) => `member ${member} says ${round}`;
const replyText = (member: number, round: number) => `agent replies ${round} to member ${member}`;

before(async () => {
  upstream = await startUpstream();
  // Members with the chat (§6: InAppChatAccess and the SupportChat feature, which Northwind has),
  // made before the gateway starts, with the demo password.
  const context = upstreamContextOf(upstream.app);
  const owner = await demoUser(context, "owner");
  const role = await context.store.roles.create(
    owner.accountId,
    { name: "Chat members", permissions: CHAT_ROLE_PERMISSIONS },
    context.now(),
  );
  const made = [];
  for (let index = 0; index <= MEMBERS; index += 1) {
    made.push(
      await context.store.users.create(
        owner.accountId,
        {
          email: `chat-member-${index}@northwind.example`,
          fullName: `Chat Member ${index}`,
          passwordHash: owner.passwordHash,
          roleId: role.recId,
        },
        context.now(),
      ),
    );
  }
  // The gateway reaches the upstream through a pass-through that can cut its hub connections.
  proxy = await startHubFaultProxy(upstream.url);
  gateway = await startGateway(proxy.url, {
    more: { hubLimits: { reconnect: { initialMs: 200, maxMs: 1_000 } } },
  });
  observer = await signedIn(gateway.url, "staffAuditor");

  for (const user of made) {
    const browser = openBrowser(await signInMember(user.email));
    const chat = createMemberChat({
      hub: browser.hub,
      request: browser.request,
      page: () => "/dashboards",
      myName: () => user.fullName,
    });
    stops.push(chat.start());
    members.push({ ...browser, index: members.length, userId: user.recId, fullName: user.fullName, chat });
  }
  for (const who of ["staffAdmin", "supportAgent"] as const) {
    const client = await signedIn(gateway.url, who);
    const me = (await client.get("/api/Common/LoggedInConfig")).json.User as {
      RecId: number;
      FullName: string;
    };
    const browser = openBrowser(client);
    const desk = createSupportConsole({
      request: browser.request,
      hub: browser.hub,
      me: { userId: me.RecId, fullName: me.FullName },
    });
    stops.push(desk.start());
    agents.push({ ...browser, who, userId: me.RecId, console: desk, sessions: new Map() });
  }
  await until(
    "every tab connected and loaded",
    () =>
      [...members, ...agents].every((browser) => browser.hub.status.get() === "connected") &&
      members.every((member) => member.chat.store.get().status === "ready") &&
      agents.every((agent) => agent.console.store.get().queueStatus === "ready"),
  );
  assert.equal(DEMO_LOGINS.supportAgent.email, "agent@tessera.example");
});

after(async () => {
  for (const stop of stops.splice(0)) stop();
  await gateway?.app.close();
  await proxy?.close();
  await upstream?.close();
});

describe("support chat reliability over real sockets (§4.4)", () => {
  test("10 members and 2 agents exchange 1,000 messages through two hub drops: each side holds each message once, in the server's order", {
    timeout: 120_000,
  }, async (t) => {
    const started = Date.now();
    const framesBefore = sendMessageFrames;
    const chatting = members.slice(0, MEMBERS);

    // Every member starts a session; the agents see them waiting and take five each.
    for (const member of chatting) assert.equal(member.chat.send(memberText(member.index, 0)), true);
    await until("the members' first messages stored", () => chatting.every(memberIdle));
    await Promise.all(agents.map((agent) => agent.console.reload()));
    const waitingOf = (agent: Agent, member: Member) =>
      Object.values(agent.console.store.get().sessions).find(
        (s) => s.UserRecId === member.userId && s.Status === "Waiting",
      );
    await until("both queues list the ten waiting sessions", () =>
      agents.every((agent) => chatting.every((member) => waitingOf(agent, member) !== undefined)),
    );
    for (const member of chatting) {
      const agent = agents[member.index < MEMBERS / 2 ? 0 : 1] as Agent;
      const sessionId = (waitingOf(agent, member) as StaffSession).RecId;
      agent.console.open(sessionId);
      assert.equal(await agent.console.take(sessionId), "taken", `${agent.who} takes member ${member.index}`);
      agent.sessions.set(member.index, sessionId);
    }
    await settle();

    // The exchange: a message from every member and a reply to every session each round; the
    // upstream's hubs are cut twice while it goes on.
    const dropped: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      if (round > 0) for (const member of chatting) member.chat.send(memberText(member.index, round));
      for (const agent of agents)
        for (const [index, sessionId] of agent.sessions)
          assert.equal(agent.console.reply(sessionId, replyText(index, round)), true);
      const drop = DROP_AFTER_ROUNDS.indexOf(round as (typeof DROP_AFTER_ROUNDS)[number]);
      if (drop >= 0) {
        if (drop > 0) {
          // The previous drop is over on both sides before the next one.
          await until(`recovery from drop ${drop}`, () =>
            [...members, ...agents].every((b) => b.drops() >= drop && b.hub.status.get() === "connected"),
          );
        }
        dropped.push(proxy.drop(HUB_DOWN_MS));
      }
      await delay(ROUND_MS);
    }
    await until("both sides saw both drops and are connected again", () =>
      [...members, ...agents].every(
        (b) => b.drops() >= DROP_AFTER_ROUNDS.length && b.hub.status.get() === "connected",
      ),
    );
    await settle();
    const exchanged = Date.now() - started;

    // What the server stored: every message once, nothing else.
    const transcripts = new Map<number, Listed[]>();
    for (const agent of agents)
      for (const [index, sessionId] of agent.sessions) {
        const listed = await serverTranscript(sessionId);
        transcripts.set(index, listed);
        const texts = (internal: boolean) =>
          listed
            .filter((m) => m.Type === "Message" && m.IsInternal === internal)
            .map((m) => m.Text)
            .sort();
        const rounds = Array.from({ length: ROUNDS }, (_, round) => round);
        assert.deepEqual(
          texts(false),
          rounds.map((r) => memberText(index, r)).sort(),
          `member ${index}'s messages`,
        );
        assert.deepEqual(
          texts(true),
          rounds.map((r) => replyText(index, r)).sort(),
          `replies to member ${index}`,
        );
        assert.deepEqual(
          listed.filter((m) => m.Type !== "Message").map((m) => m.Type),
          ["InternalUserStartTalking"],
        );
      }

    /** Each side holds every message of the session once; `ordered`: in the server's order too. */
    const compare = (when: string, ordered: boolean) => {
      for (const agent of agents)
        for (const [index, sessionId] of agent.sessions) {
          const listed = transcripts.get(index) as Listed[];
          const server = listed.map((m) => m.UID);
          const textOf = new Map(listed.map((m) => [m.UID, `${m.Type} ${m.Text}`]));
          for (const [side, uids] of [
            [`member ${index}`, memberUids(members[index] as Member)],
            [`${agent.who} with member ${index}`, agentUids(agent, sessionId)],
          ] as const) {
            const twice = uids.filter((uid, at) => uids.indexOf(uid) !== at);
            const missing = server.filter((uid) => !uids.includes(uid)).map((uid) => textOf.get(uid));
            const extra = uids.filter((uid) => !textOf.has(uid));
            assert.deepEqual(
              { twice, missing, extra },
              { twice: [], missing: [], extra: [] },
              `${when}: ${side}`,
            );
            if (ordered) assert.deepEqual(uids, server, `${when}: ${side} in the server's order`);
          }
        }
    };
    // Live, as the hub events and the reloads after each drop left them…
    compare("live", false);
    // …and after a final reload, in the server's order.
    await Promise.all([...members.map((m) => m.chat.load()), ...agents.map((a) => a.console.reload())]);
    await settle();
    compare("after a reload", true);

    const queue = queueKeys(await serverQueue());
    for (const agent of agents)
      assert.deepEqual(
        queueKeys(Object.values(agent.console.store.get().sessions)),
        queue,
        `${agent.who}'s queue`,
      );

    const memberSends = chatting.length * ROUNDS;
    const replies = agents.reduce((sum, agent) => sum + agent.sessions.size * ROUNDS, 0);
    const replyPosts = agents.reduce(
      (sum, agent) =>
        sum +
        agent.answered.filter((a) => a.method === "POST" && /\/Sessions\/\d+\/Messages$/.test(a.path)).length,
      0,
    );
    t.diagnostic(
      `${memberSends + replies} messages (${memberSends} from members over the hub in ${sendMessageFrames - framesBefore} SendMessage frames, ` +
        `${replies} replies over REST in ${replyPosts} posts); ` +
        `drops: ${dropped.length} (${dropped.join(" and ")} upstream hub sockets cut, ${HUB_DOWN_MS} ms down each); ` +
        `each of ${chatting.length} members and ${agents.length} agents holds every message of its sessions once; ` +
        `exchange ${exchanged} ms, whole test ${Date.now() - started} ms`,
    );
  });

  test("two agents take one fresh waiting session at once: one takes it, the other is told another did (200 and 409)", async () => {
    const member = members[MEMBERS] as Member;
    member.chat.send("a fresh question");
    await until("the fresh message stored", () => memberIdle(member));
    await Promise.all(agents.map((agent) => agent.console.reload()));
    const sessionOf = (agent: Agent) =>
      Object.values(agent.console.store.get().sessions).find(
        (s) => s.UserRecId === member.userId && s.Status === "Waiting",
      );
    await until("both queues list the fresh session", () =>
      agents.every((agent) => sessionOf(agent) !== undefined),
    );
    const sessionId = (sessionOf(agents[0] as Agent) as StaffSession).RecId;
    const outcomes = await Promise.all(agents.map((agent) => agent.console.take(sessionId)));
    assert.deepEqual([...outcomes].sort(), ["taken", "takenByOther"]);
    const takePath = `/api/${CONSOLE_PATHS.take(sessionId)}`;
    const statuses = agents.flatMap((agent) =>
      agent.answered.filter((a) => a.path === takePath).map((a) => a.status),
    );
    assert.deepEqual(statuses.sort(), [200, 409]);
    const winner = agents[outcomes.indexOf("taken")] as Agent;
    const listed = (await serverQueue()).find((s) => s.RecId === sessionId);
    assert.equal(listed?.Status, "Active");
    assert.equal(listed?.StaffUserRecId, winner.userId);
  });
});
