/**
 * What a process costs, read from Linux's /proc: CPU time (user + system) and resident memory, of a
 * process and its child processes (nginx's workers). Read from outside, so the measured process
 * runs no measuring code of its own.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Kernel clock ticks per second (`getconf CLK_TCK`, 100 on Linux almost everywhere). */
const CLOCK_TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The pid and its direct children (nginx: the master and its workers). */
export function withChildren(pid: number): number[] {
  const children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const listed = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      if (listed) children.push(...listed.split(/\s+/).map(Number));
    }
  } catch {
    // the process is gone: it costs nothing more
  }
  return [pid, ...children];
}

/** CPU time (user + system) of one process so far, in milliseconds. */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) start at ") ".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Resident memory of one process, in bytes. */
function rssBytesOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
    return kilobytes ? Number(kilobytes) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** CPU milliseconds of the process and its children so far. */
export function cpuMs(pid: number): number {
  return withChildren(pid).reduce((sum, each) => sum + cpuMsOf(each), 0);
}

/** Resident bytes of the process and its children. */
export function rssBytes(pid: number): number {
  return withChildren(pid).reduce((sum, each) => sum + rssBytesOf(each), 0);
}

/** Runs `work` and returns its result with the CPU milliseconds each of `pids` spent meanwhile. */
export async function metered<T>(
  pids: Record<string, number>,
  work: () => Promise<T>,
): Promise<{ result: T; cpuMs: Record<string, number> }> {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
  const result = await work();
  const spent = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid) - (before[name] ?? 0)]),
  );
  return { result, cpuMs: spent };
}
