/**
 * Publish to acknowledgement (DESIGN.md §3 publishing, §4 gateway events): staff publish a text
 * rename through the configuration API while every tab is connected; per tab, the time from just
 * before the publish call to the moment it sends `applied`.
 */
import { Pool } from "undici";
import { cpuMs } from "../relay/process-meter.ts";
import { type BenchBrowser, type BenchTab, call, drain, type TabMarks } from "./browsers.ts";
import { median, type PublishRound, percentile } from "./report.ts";

/** A round whose tabs have not all answered by then counts the missing ones as failures. */
const ROUND_LIMIT_MS = 60_000;

/** The renamed menu entry, per language (§1's seven), made distinct per round. */
const RENAMED = {
  en: "Boards",
  de: "Tafeln",
  es: "Tableros",
  fr: "Tableaux",
  nl: "Borden",
  pt: "Quadros",
  it: "Bacheche",
} as const;

/** The change set of round `round`: `Menu_Dashboards` renamed in every language (new texts everywhere). */
export function renameEdits(round: number) {
  return Object.entries(RENAMED).map(([language, name]) => ({
    kind: `texts.${language}`,
    merge: { Menu_Dashboards: `${name} ${round}` },
  }));
}

/** The newest version number (`GET /gw/config`). */
export async function headVersion(staff: BenchBrowser): Promise<number> {
  const answer = await call(staff, "GET", "/gw/config");
  if (answer.status !== 200) throw new Error(`GET /gw/config: ${answer.status}`);
  return (answer.json as { head: number }).head;
}

/** Drafts `edits` on the newest version; throws unless the draft is valid. */
export async function draft(staff: BenchBrowser, comment: string, edits: unknown[]): Promise<number> {
  const answer = await call(staff, "POST", "/gw/config/changesets", {
    comment,
    baseVersion: await headVersion(staff),
    edits,
  });
  const body = answer.json as { changeSet?: { id: number }; validation?: { valid: boolean } };
  if (answer.status !== 201 || !body.changeSet || body.validation?.valid !== true) {
    throw new Error(`draft refused: ${answer.status} ${JSON.stringify(answer.json).slice(0, 600)}`);
  }
  return body.changeSet.id;
}

/** Publishes change set `id` now; its new version. */
export async function publish(staff: BenchBrowser, id: number): Promise<number> {
  const answer = await call(staff, "POST", `/gw/config/changesets/${id}/publish`, {});
  if (answer.status !== 201)
    throw new Error(`publish refused: ${answer.status} ${JSON.stringify(answer.json)}`);
  return (answer.json as { version: number }).version;
}

/** One publication: draft (not timed against the target), publish, wait for every tab's `applied`. */
export async function publishRound(
  label: string,
  round: number,
  staff: BenchBrowser,
  tabs: readonly BenchTab[],
  pids: Record<string, number>,
): Promise<PublishRound> {
  const draftStart = performance.now();
  const id = await draft(staff, `Rename Dashboards (benchmark round ${round})`, renameEdits(round));
  const draftMs = performance.now() - draftStart;

  const marks = new Map<BenchTab, TabMarks>();
  let failures = 0;
  let finish: () => void = () => {};
  const everyone = new Promise<void>((resolve) => {
    finish = resolve;
  });
  for (const tab of tabs) {
    tab.onApplied = (mark) => {
      if (marks.has(tab)) return;
      marks.set(tab, mark);
      if (marks.size + failures === tabs.length) finish();
    };
    tab.onFailed = (error) => {
      failures += 1;
      if (failures === 1) console.error(`a tab failed to apply: ${error.message}`);
      if (marks.size + failures === tabs.length) finish();
    };
  }
  const cpuBefore = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
  const clientBefore = process.cpuUsage();
  const limit = setTimeout(finish, ROUND_LIMIT_MS);

  const monotonicStart = process.hrtime.bigint();
  const start = performance.now();
  const version = await publish(staff, id);
  const publishMs = performance.now() - start;
  await everyone;
  const end = performance.now();
  clearTimeout(limit);

  for (const tab of tabs) {
    tab.onApplied = () => {};
    tab.onFailed = () => {};
  }
  const client = process.cpuUsage(clientBefore);
  const cpu: Record<string, number> = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid) - (cpuBefore[name] ?? 0)]),
  );
  cpu.client = (client.user + client.system) / 1000;
  const all = [...marks.values()];
  const wrong = all.filter((mark) => mark.version !== version).length;
  if (wrong > 0) console.error(`${wrong} tabs applied another version than ${version}`);
  const sorted = (pick: (mark: TabMarks) => number) => all.map(pick).sort((a, b) => a - b);
  const acknowledged = sorted((mark) => mark.applied - start);
  const event = sorted((mark) => mark.event - start);
  return {
    round: label,
    version,
    draftMs,
    publishMs,
    tabs: tabs.length,
    acknowledged: all.length,
    textsFetched: all.filter((mark) => mark.textsFetched).length,
    p50Ms: percentile(acknowledged, 50),
    p95Ms: percentile(acknowledged, 95),
    p99Ms: percentile(acknowledged, 99),
    maxMs: acknowledged.at(-1) ?? 0,
    eventP50Ms: percentile(event, 50),
    eventP99Ms: percentile(event, 99),
    manifestP50Ms: median(all.map((mark) => mark.manifest - mark.event)),
    textsP50Ms: median(all.map((mark) => mark.texts - mark.manifest)),
    cpuMs: cpu,
    wallMs: end - start,
    monotonicUs: {
      start: Number(monotonicStart / 1000n),
      end: Number(monotonicStart / 1000n) + Math.round((end - start) * 1000),
    },
    failures: tabs.length - all.length + wrong,
  };
}

/**
 * Runs `work` while asking the gateway's `/healthz` one request after another: the slowest answer
 * is about the longest the gateway's event loop was held meanwhile.
 */
export async function whileProbing<T>(
  gatewayUrl: string,
  work: () => Promise<T>,
): Promise<{ result: T; probes: number; slowestMs: number }> {
  const pool = new Pool(gatewayUrl, { connections: 1 });
  let done = false;
  let probes = 0;
  let slowestMs = 0;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      const answer = await pool.request({ method: "GET", path: "/healthz" });
      await drain(answer.body);
      slowestMs = Math.max(slowestMs, performance.now() - started);
      probes += 1;
    }
  })();
  try {
    const result = await work();
    done = true;
    await probing;
    return { result, probes, slowestMs };
  } finally {
    done = true;
    await probing.catch(() => {});
    await pool.close();
  }
}
