/**
 * Instructions per relayed call, counted (not timed) — the relay benchmark's companion for changes too
 * small for a 2-core machine's timing noise (not a test). Each relay runs under valgrind's callgrind
 * with the count off; after a warm-up at 1 connection the count is switched on for `--requests` calls,
 * then dumped. V8 runs `--single-threaded`, so compilation and GC happen on the counted thread; both
 * vary with timing and are reported apart, and the rest ("steady") repeats within ~2% between runs.
 *
 *   REST   GET /api/bench/small through the gateway (signed-in session) and the bare relay;
 *   WS     Echo round trips through a gateway tab and through the bare ws relay.
 *
 *   node --import tsx scripts/bench/relay/instructions.ts [--requests 3000] [--warm-up 10000]
 *
 * Needs valgrind (Debian's package). The two relays of a pair run side by side: counts do not depend
 * on what else the machine does.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { Pool } from "undici";
import { ROOT } from "../bench-paths.ts";
import { REST_PATH } from "./bench-constants.ts";
import { positiveIntegerFlag } from "./command-line.ts";
import { startServer, stopChild } from "./servers.ts";
import {
  gatewaySession,
  gatewayTab,
  type RoundTripClient,
  signalrClient,
  upstreamToken,
} from "./ws-clients.ts";

/** Symbols of V8's collector in callgrind's output: their cost is reported as GC. */
const GC_SYMBOL =
  /MarkCompact|Marking|Sweep|Scaveng|Heap::|Evacuat|RememberedSet|Worklist|BodyDescriptor|Visitor|Compactor|GCTracer|MemoryAllocator|Page::|FreeList|Collector|LocalHeap|SlotSet|TypedSlot|IterateObjectCache|GlobalHandles::Iterate|Isolate::Iterate|StringTable::DropOldData|ObjectStats/;

/**
 * Symbols of V8's compilers (TurboFan, Maglev, Sparkplug, the parser, wasm tiers): reported apart too.
 * A function keeps being compiled now and then long after the warm-up (a deoptimization after a rare
 * path, a timer's code tiering up), and one such compilation costs as much as hundreds of calls.
 */
const COMPILER_SYMBOL =
  /v8::internal::compiler::|v8::internal::maglev::|v8::internal::wasm::|v8::internal::baseline::|v8::internal::interpreter::Bytecode(Generator|ArrayBuilder|RegisterOptimizer)|v8::internal::Compiler::|CompilationJob|OptimizingCompile|v8::internal::Parser::|v8::internal::ParserBase<|PreParser|RegisterAllocat|InstructionSelector|CodeGenerator|v8::internal::Zone::|Deoptimizer|Assembler::|v8::internal::Scanner::|AstValueFactory|DeclarationScope/;

/**
 * How long a counted round trip may take: switching the count on makes valgrind translate the process's
 * code again, and the first calls after it take seconds.
 */
const COUNTED_ROUND_TRIP_LIMIT_MS = 120_000;

const settings = {
  requests: positiveIntegerFlag("requests", 3000),
  warmUp: positiveIntegerFlag("warm-up", 10000),
};

/** One relay under callgrind: its URL, and the count switched on and off from outside. */
interface Counted {
  url: string;
  child: ChildProcess;
  outFile: string;
}

async function startCounted(script: string, args: string[]): Promise<Counted> {
  const outFile = join(tmpdir(), `tessera-callgrind-${process.pid}-${script}-${Date.now()}.out`);
  const child = spawn(
    "valgrind",
    [
      "--tool=callgrind",
      "--smc-check=all-non-file",
      "--instr-atstart=no",
      `--callgrind-out-file=${outFile}`,
      process.execPath,
      "--single-threaded",
      "--import",
      "tsx",
      join(ROOT, "scripts/bench/relay", script),
      ...args,
    ],
    { cwd: ROOT, stdio: ["ignore", "pipe", "ignore"] },
  );
  const line = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${script} under valgrind exited with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once("line", resolve);
  });
  return { url: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`, child, outFile };
}

/** Runs `step` `warmUp` times, then `requests` times with the count on; instructions per step. */
async function count(
  relay: Counted,
  step: () => Promise<void>,
): Promise<{ total: number; gc: number; compiler: number }> {
  for (let index = 0; index < settings.warmUp; index++) await step();
  const pid = String(relay.child.pid);
  execFileSync("callgrind_control", ["--instr=on", pid], { stdio: "ignore" });
  for (let index = 0; index < settings.requests; index++) await step();
  execFileSync("callgrind_control", ["--instr=off", pid], { stdio: "ignore" });
  execFileSync("callgrind_control", ["--dump", pid], { stdio: "ignore" });
  relay.child.kill("SIGKILL");
  const dumps = readdirSync(tmpdir())
    .map((name) => join(tmpdir(), name))
    .filter((path) => path.startsWith(`${relay.outFile}.`));
  let total = 0;
  let gc = 0;
  let compiler = 0;
  for (const dump of dumps) {
    const listing = execFileSync("callgrind_annotate", ["--inclusive=no", "--threshold=100", dump], {
      encoding: "utf8",
      maxBuffer: 1 << 28,
    });
    for (const line of listing.split("\n")) {
      const match = /^\s*([\d,]+) \([^)]*\)\s+(.*)$/.exec(line);
      if (!match || line.includes("PROGRAM TOTALS")) continue;
      const instructions = Number((match[1] as string).replaceAll(",", ""));
      total += instructions;
      const symbol = match[2] as string;
      if (GC_SYMBOL.test(symbol)) gc += instructions;
      else if (COMPILER_SYMBOL.test(symbol)) compiler += instructions;
    }
    rmSync(dump, { force: true });
  }
  rmSync(relay.outFile, { force: true });
  const per = (instructions: number) => instructions / settings.requests;
  return { total: per(total), gc: per(gc), compiler: per(compiler) };
}

async function restStep(url: string, cookie?: string): Promise<() => Promise<void>> {
  const pool = new Pool(url, { connections: 1 });
  return async () => {
    const answer = await pool.request({ method: "GET", path: REST_PATH, headers: cookie ? { cookie } : {} });
    await answer.body.dump();
    if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
  };
}

const upstream = await startServer("upstream", "bench-upstream.ts");
const rows: Record<string, { instructions: number; steady: number; gc: number; compiler: number }> = {};
function record(name: string, counted: { total: number; gc: number; compiler: number }): void {
  rows[name] = {
    instructions: Math.round(counted.total),
    steady: Math.round(counted.total - counted.gc - counted.compiler),
    gc: Math.round(counted.gc),
    compiler: Math.round(counted.compiler),
  };
}
try {
  const [gateway, bare] = await Promise.all([
    startCounted("gateway-server.ts", [upstream.url, "app"]),
    startCounted("bare-relay.ts", [upstream.url]),
  ]);
  const cookie = await gatewaySession(gateway.url);
  const [gatewayRest, bareRest] = await Promise.all([
    restStep(gateway.url, cookie).then((step) => count(gateway, step)),
    restStep(bare.url).then((step) => count(bare, step)),
  ]);
  record("REST gateway", gatewayRest);
  record("REST bare-undici", bareRest);

  const [hub, bareWs] = await Promise.all([
    startCounted("gateway-server.ts", [upstream.url, "hub"]),
    startCounted("bare-ws-relay.ts", [upstream.url]),
  ]);
  const tab: RoundTripClient = await gatewayTab(
    hub.url,
    await gatewaySession(hub.url),
    COUNTED_ROUND_TRIP_LIMIT_MS,
  );
  const client: RoundTripClient = await signalrClient(
    bareWs.url,
    await upstreamToken(bareWs.url),
    COUNTED_ROUND_TRIP_LIMIT_MS,
  );
  const [hubCount, bareWsCount] = await Promise.all([
    count(hub, () => tab.roundTrip()),
    count(bareWs, () => client.roundTrip()),
  ]);
  record("WS gateway", hubCount);
  record("WS bare-ws", bareWsCount);
  tab.close();
  client.close();
} finally {
  await stopChild(upstream.child);
}
console.log(`Instructions per call (callgrind; ${settings.requests} counted after ${settings.warmUp})`);
console.table(rows);
const ratio = (a: string, b: string) => ((rows[a]?.steady ?? 0) / (rows[b]?.steady ?? 1)).toFixed(2);
console.log(
  `steady (without GC and compilation): REST gateway/bare-undici ${ratio("REST gateway", "REST bare-undici")}, ` +
    `WS gateway/bare-ws ${ratio("WS gateway", "WS bare-ws")}`,
);
