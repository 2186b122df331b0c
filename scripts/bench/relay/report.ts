/**
 * The relay benchmark's report: the raw rounds, their medians, the ratios and the relay's targets
 * (scripts/bench/README.md: REST ≥ 0.5× nginx, added latency ≤ 0.2 ms p50 and ≤ 1 ms p99,
 * WebSocket ≥ 0.9× nginx, ≤ 16 kB per idle relayed connection).
 */
import { median } from "../load.ts";

/** The relay's targets, as ratios, milliseconds and bytes. */
export const TARGETS = {
  restThroughputVsNginx: 0.5,
  addedLatencyP50Ms: 0.2,
  addedLatencyP99Ms: 1,
  websocketVsNginx: 0.9,
  idleBytesPerConnection: 16 * 1024,
} as const;

/** Every round the benchmark measured. */
export interface Report {
  settings: Record<string, unknown>;
  rest: {
    throughput: Record<
      string,
      {
        requestsPerSecond: number;
        relayCpuUsPerRequest: number;
        upstreamCpuUsPerRequest: number;
        errors: number;
      }[]
    >;
    latency: Record<string, { p50Ms: number; p99Ms: number; errors: number }[]>;
  };
  websocket: Record<
    "gateway" | "nginx" | "bare-ws" | "bare-tcp",
    {
      roundTripsPerSecond: number;
      relayCpuUsPerRoundTrip: number;
      upstreamCpuUsPerRoundTrip: number;
      /** The load generator's (the benchmark process's own). */
      loadCpuUsPerRoundTrip: number;
      /** CPU time of relay, upstream and load generator over the round's wall time × cores. */
      machineBusy: number;
    }[]
  >;
  idle: {
    gateway: {
      sockets: number;
      rssBytesPerSocket: number;
      heapAndExternalBytesPerSocket: number;
      sharedSession: { rssBytesPerSocket: number; heapAndExternalBytesPerSocket: number };
    };
    nginx: { sockets: number; rssBytesPerSocket: number };
  };
  cpuMsTotal: Record<string, number>;
}

const mid = <T>(rounds: T[], pick: (round: T) => number) => median(rounds.map(pick));
const fixed = (value: number, digits = 3) => Number(value.toFixed(digits));

type WebSocketSummary = Record<keyof Report["websocket"], Report["websocket"]["gateway"][number]>;

/**
 * The most CPU per round trip the gateway's hub relay may spend and still reach the WebSocket
 * target on this machine. Relay, upstream and load generator share the cores and keep them busy
 * (see `machineBusy`), so round trips per second go as 1 / (their CPU per round trip added up): the
 * gateway reaches `target` × nginx's rate when its sum is at most nginx's sum / `target`. What the
 * upstream and the load generator spend in the gateway's rounds is taken as measured there.
 */
export function websocketRelayCpuBudgetUs(
  websocket: WebSocketSummary,
  target: number = TARGETS.websocketVsNginx,
): number {
  const whole = (relay: WebSocketSummary[keyof WebSocketSummary]) =>
    relay.relayCpuUsPerRoundTrip + relay.upstreamCpuUsPerRoundTrip + relay.loadCpuUsPerRoundTrip;
  const others = websocket.gateway.upstreamCpuUsPerRoundTrip + websocket.gateway.loadCpuUsPerRoundTrip;
  return fixed(whole(websocket.nginx) / target - others, 1);
}

/** Medians, ratios and the verdict on each target. */
export function summarize(report: Report) {
  const rest = Object.fromEntries(
    Object.entries(report.rest.throughput).map(([name, rounds]) => {
      const latency = report.rest.latency[name] ?? [];
      return [
        name,
        {
          requestsPerSecond: Math.round(mid(rounds, (r) => r.requestsPerSecond)),
          relayCpuUsPerRequest: fixed(
            mid(rounds, (r) => r.relayCpuUsPerRequest),
            1,
          ),
          upstreamCpuUsPerRequest: fixed(
            mid(rounds, (r) => r.upstreamCpuUsPerRequest),
            1,
          ),
          p50Ms: fixed(mid(latency, (r) => r.p50Ms)),
          p99Ms: fixed(mid(latency, (r) => r.p99Ms)),
          errors:
            rounds.reduce((sum, r) => sum + r.errors, 0) + latency.reduce((sum, r) => sum + r.errors, 0),
        },
      ];
    }),
  );
  const direct = rest.direct!;
  const gateway = rest.gateway!;
  const websocket = Object.fromEntries(
    Object.entries(report.websocket).map(([name, rounds]) => [
      name,
      {
        roundTripsPerSecond: Math.round(mid(rounds, (r) => r.roundTripsPerSecond)),
        relayCpuUsPerRoundTrip: fixed(
          mid(rounds, (r) => r.relayCpuUsPerRoundTrip),
          1,
        ),
        upstreamCpuUsPerRoundTrip: fixed(
          mid(rounds, (r) => r.upstreamCpuUsPerRoundTrip),
          1,
        ),
        loadCpuUsPerRoundTrip: fixed(
          mid(rounds, (r) => r.loadCpuUsPerRoundTrip),
          1,
        ),
        machineBusy: fixed(
          mid(rounds, (r) => r.machineBusy),
          2,
        ),
      },
    ]),
  ) as WebSocketSummary;
  const measured = {
    restThroughputVsNginx: fixed(gateway.requestsPerSecond / rest.nginx!.requestsPerSecond),
    restThroughputVsBareUndici: fixed(gateway.requestsPerSecond / rest["bare-undici"]!.requestsPerSecond),
    restThroughputVsDirect: fixed(gateway.requestsPerSecond / direct.requestsPerSecond),
    restCpuPerRequestVsNginx: fixed(gateway.relayCpuUsPerRequest / rest.nginx!.relayCpuUsPerRequest, 2),
    addedLatencyP50Ms: fixed(gateway.p50Ms - direct.p50Ms),
    addedLatencyP99Ms: fixed(gateway.p99Ms - direct.p99Ms),
    websocketVsNginx: fixed(websocket.gateway.roundTripsPerSecond / websocket.nginx.roundTripsPerSecond),
    // The floor of the library the hub relay is built on, against the same reference.
    bareWsVsNginx: fixed(websocket["bare-ws"].roundTripsPerSecond / websocket.nginx.roundTripsPerSecond),
    bareTcpVsNginx: fixed(websocket["bare-tcp"].roundTripsPerSecond / websocket.nginx.roundTripsPerSecond),
    websocketVsBareWs: fixed(
      websocket.gateway.roundTripsPerSecond / websocket["bare-ws"].roundTripsPerSecond,
    ),
    websocketRelayCpuBudgetUs: websocketRelayCpuBudgetUs(websocket),
    bareUndiciAddedLatencyP50Ms: fixed(rest["bare-undici"]!.p50Ms - direct.p50Ms),
    // RSS growth below the JS-visible growth means the heap reused pages freed earlier and still
    // resident: the larger of the two is the cost held against the target.
    idleBytesPerConnection: Math.round(
      Math.max(report.idle.gateway.rssBytesPerSocket, report.idle.gateway.heapAndExternalBytesPerSocket),
    ),
    idleBytesPerSharedSessionTab: Math.round(
      Math.max(
        report.idle.gateway.sharedSession.rssBytesPerSocket,
        report.idle.gateway.sharedSession.heapAndExternalBytesPerSocket,
      ),
    ),
  };
  // The same measures round by round, each from rounds run back to back: the spread the medians hide.
  const byRound = {
    restThroughputVsNginx: pairedRounds(
      report.rest.throughput.gateway,
      report.rest.throughput.nginx,
      (a, b) => a.requestsPerSecond / b.requestsPerSecond,
    ),
    addedLatencyP50Ms: pairedRounds(
      report.rest.latency.gateway,
      report.rest.latency.direct,
      (a, b) => a.p50Ms - b.p50Ms,
    ),
    websocketVsNginx: pairedRounds(
      report.websocket.gateway,
      report.websocket.nginx,
      (a, b) => a.roundTripsPerSecond / b.roundTripsPerSecond,
    ),
  };
  const verdict = {
    restThroughputVsNginx: measured.restThroughputVsNginx >= TARGETS.restThroughputVsNginx,
    addedLatencyP50Ms: measured.addedLatencyP50Ms <= TARGETS.addedLatencyP50Ms,
    addedLatencyP99Ms: measured.addedLatencyP99Ms <= TARGETS.addedLatencyP99Ms,
    websocketVsNginx: measured.websocketVsNginx >= TARGETS.websocketVsNginx,
    idleBytesPerConnection: measured.idleBytesPerConnection <= TARGETS.idleBytesPerConnection,
  };
  // What the least a Node relay does reaches on the same measure, in the same run (the floors).
  const floor: Partial<Record<keyof typeof verdict, number>> = {
    restThroughputVsNginx: fixed(rest["bare-undici"]!.requestsPerSecond / rest.nginx!.requestsPerSecond),
    addedLatencyP50Ms: measured.bareUndiciAddedLatencyP50Ms,
    addedLatencyP99Ms: fixed(rest["bare-undici"]!.p99Ms - direct.p99Ms),
    websocketVsNginx: Math.max(measured.bareWsVsNginx, measured.bareTcpVsNginx),
  };
  return { rest, websocket, idle: report.idle, measured, byRound, targets: TARGETS, verdict, floor };
}

/** `measure` of round i of `a` against round i of `b`, for every round both have. */
function pairedRounds<T>(
  a: readonly T[] = [],
  b: readonly T[] = [],
  measure: (a: T, b: T) => number,
): number[] {
  return a.slice(0, b.length).map((round, index) => fixed(measure(round, b[index] as T)));
}

/** Prints the summary as short tables. */
export function printSummary(summary: ReturnType<typeof summarize>): void {
  console.log(
    "\nREST relay (GET /api/bench/small; CPU µs per request of the relay process and of the upstream)",
  );
  console.table(summary.rest);
  console.log(
    "WebSocket Echo round trips (gateway /gw/hub, nginx's WebSocket proxy, bare ws relay, bare TCP pipe)",
  );
  console.table(summary.websocket);
  const idle = summary.idle;
  const bytes = (value: number) => `${Math.round(value)} B`;
  console.log(`Idle relayed WebSockets (${idle.gateway.sockets} sockets; growth per socket)`);
  console.table({
    "gateway, a session per tab": {
      rss: bytes(idle.gateway.rssBytesPerSocket),
      heapAndExternal: bytes(idle.gateway.heapAndExternalBytesPerSocket),
    },
    "gateway, tabs of one session": {
      rss: bytes(idle.gateway.sharedSession.rssBytesPerSocket),
      heapAndExternal: bytes(idle.gateway.sharedSession.heapAndExternalBytesPerSocket),
    },
    nginx: { rss: bytes(idle.nginx.rssBytesPerSocket), heapAndExternal: "" },
  });
  console.log("\nTargets ('bare relay': the best of the bare relays on the same measure)");
  console.table(
    Object.fromEntries(
      Object.entries(summary.verdict).map(([name, met]) => [
        name,
        {
          measured: summary.measured[name as keyof typeof summary.measured],
          "bare relay": summary.floor[name as keyof typeof summary.floor] ?? "",
          target: `${name.includes("Latency") || name.includes("idle") ? "≤" : "≥"} ${TARGETS[name as keyof typeof TARGETS]}`,
          met,
        },
      ]),
    ),
  );
  console.log("Round by round (the gateway's round against the other relay's in the same rotation)");
  console.table(
    Object.fromEntries(Object.entries(summary.byRound).map(([name, rounds]) => [name, { ...rounds }])),
  );
  console.log(
    `also: gateway/bare-undici ${summary.measured.restThroughputVsBareUndici}, gateway/direct ${summary.measured.restThroughputVsDirect}, ` +
      `bare-undici added p50 ${summary.measured.bareUndiciAddedLatencyP50Ms} ms, ` +
      `bare-ws/nginx ${summary.measured.bareWsVsNginx}, bare-tcp/nginx ${summary.measured.bareTcpVsNginx}, ` +
      `gateway/bare-ws ${summary.measured.websocketVsBareWs}, ` +
      `hub relay CPU budget for ${TARGETS.websocketVsNginx}× nginx ${summary.measured.websocketRelayCpuBudgetUs} µs per round trip ` +
      `(spent: gateway ${summary.websocket.gateway.relayCpuUsPerRoundTrip}, bare ws ${summary.websocket["bare-ws"].relayCpuUsPerRoundTrip}, ` +
      `byte pipe ${summary.websocket["bare-tcp"].relayCpuUsPerRoundTrip}), ` +
      `gateway CPU per request / nginx's ${summary.measured.restCpuPerRequestVsNginx}, ` +
      `per further tab of a session ${summary.measured.idleBytesPerSharedSessionTab} B`,
  );
}
