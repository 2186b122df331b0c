/**
 * The task log viewer's decisions: poll `Tasks/{id}/Log?after` while the task is queued or running,
 * stop once it has finished or a call failed; each line once, in order; the poller driven with
 * fake timers (mock.timers).
 */
import assert from "node:assert/strict";
import { describe, mock, test } from "node:test";
import { ApiError } from "../../../../runtime/http/api-error.ts";
import { type PollPhase, startLogPoller } from "../../../../runtime/screens/work/tasks/task-log-poller.ts";
import {
  canCancelTask,
  isTaskActive,
  logCursor,
  logPath,
  mergeLogLines,
  nextPoll,
  severityKey,
  TASK_LOG_POLL_INTERVAL_MS,
  TASK_STATUSES,
  type TaskLog,
  type TaskLogLine,
  type TaskStatus,
} from "../../../../runtime/screens/work/tasks/task-model.ts";

const line = (RecId: number, Severity = 1): TaskLogLine => ({
  RecId,
  Date: "2025-01-01T00:00:00Z",
  Severity,
  Message: `line ${RecId}`,
});

describe("poll decisions", () => {
  const table: Array<[TaskStatus, boolean]> = [
    ["Queued", true],
    ["Running", true],
    ["Succeeded", false],
    ["Failed", false],
    ["Cancelled", false],
  ];
  for (const [status, polls] of table) {
    test(`${status}: ${polls ? "poll again" : "stop, finished"}`, () => {
      assert.equal(isTaskActive(status), polls);
      assert.deepEqual(
        nextPoll({ status }),
        polls ? { kind: "poll", delayMs: TASK_LOG_POLL_INTERVAL_MS } : { kind: "stop", reason: "finished" },
      );
    });
  }
  test("every state of the upstream is covered", () => assert.equal(table.length, TASK_STATUSES.length));
  test("a failed call stops polling", () => {
    assert.deepEqual(nextPoll({ failed: true }), { kind: "stop", reason: "failed" });
  });
  test("cancelling needs rw and an unfinished task", () => {
    assert.equal(canCancelTask("Running", true), true);
    assert.equal(canCancelTask("Queued", true), true);
    assert.equal(canCancelTask("Running", false), false);
    assert.equal(canCancelTask("Succeeded", true), false);
  });
});

describe("log lines", () => {
  test("the first call has no cursor, later ones ask after the highest RecId", () => {
    assert.equal(logPath(7, []), "Tasks/7/Log");
    assert.equal(logCursor([line(3), line(9), line(4)]), 9);
    assert.equal(logPath(7, [line(3), line(9)]), "Tasks/7/Log?after=9");
  });
  test("merging keeps each line once, in RecId order", () => {
    const merged = mergeLogLines([line(1), line(2)], [line(2), line(4), line(3)]);
    assert.deepEqual(
      merged.map((l) => l.RecId),
      [1, 2, 3, 4],
    );
  });
  test("nothing new keeps the same array (no re-render)", () => {
    const shown = [line(1)];
    assert.equal(mergeLogLines(shown, []), shown);
  });
  test("severities 1 info, 2 warning, 3 error (§9)", () => {
    assert.deepEqual([1, 2, 3].map(severityKey), ["Severity_Info", "Severity_Warning", "Severity_Error"]);
  });
});

describe("the poller", () => {
  /** A fake upstream answering each call from a script and recording the paths asked. */
  function script(answers: Array<TaskLog | Error>) {
    const paths: string[] = [];
    const fetchLog = async (path: string) => {
      paths.push(path);
      const next = answers.shift();
      if (!next) throw new Error("no more answers");
      if (next instanceof Error) throw next;
      return next;
    };
    return { paths, fetchLog };
  }
  const settle = async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };

  test("follows a running task every interval and stops when it finishes", async () => {
    mock.timers.enable({ apis: ["setTimeout"] });
    try {
      const upstream = script([
        { Status: "Running", Progress: 10, Lines: [line(1), line(2)] },
        { Status: "Running", Progress: 50, Lines: [line(3)] },
        { Status: "Succeeded", Progress: 100, Lines: [line(4)] },
      ]);
      const phases: PollPhase[] = [];
      let shown: TaskLogLine[] = [];
      startLogPoller({
        taskRecId: 5,
        fetchLog: upstream.fetchLog,
        onLog: (lines) => {
          shown = lines;
        },
        onPhase: (phase) => phases.push(phase),
        onError: () => assert.fail("no error expected"),
      });
      await settle();
      assert.deepEqual(upstream.paths, ["Tasks/5/Log"]);
      mock.timers.tick(TASK_LOG_POLL_INTERVAL_MS - 1);
      await settle();
      assert.equal(upstream.paths.length, 1, "not before the interval");
      mock.timers.tick(1);
      await settle();
      assert.deepEqual(upstream.paths, ["Tasks/5/Log", "Tasks/5/Log?after=2"]);
      mock.timers.tick(TASK_LOG_POLL_INTERVAL_MS);
      await settle();
      assert.deepEqual(upstream.paths.at(-1), "Tasks/5/Log?after=3");
      mock.timers.tick(TASK_LOG_POLL_INTERVAL_MS * 10);
      await settle();
      assert.equal(upstream.paths.length, 3, "no call after the task finished");
      assert.deepEqual(
        shown.map((l) => l.RecId),
        [1, 2, 3, 4],
      );
      assert.deepEqual(phases, ["loading", "polling", "polling", "finished"]);
    } finally {
      mock.timers.reset();
    }
  });

  test("a finished task is read once", async () => {
    mock.timers.enable({ apis: ["setTimeout"] });
    try {
      const upstream = script([{ Status: "Failed", Progress: 40, Lines: [line(1, 3)] }]);
      const phases: PollPhase[] = [];
      startLogPoller({
        taskRecId: 2,
        fetchLog: upstream.fetchLog,
        onLog: () => {},
        onPhase: (phase) => phases.push(phase),
        onError: () => {},
      });
      await settle();
      mock.timers.tick(TASK_LOG_POLL_INTERVAL_MS * 5);
      await settle();
      assert.equal(upstream.paths.length, 1);
      assert.deepEqual(phases, ["loading", "finished"]);
    } finally {
      mock.timers.reset();
    }
  });

  test("a failed call is reported and stops polling", async () => {
    mock.timers.enable({ apis: ["setTimeout"] });
    try {
      const failure = new ApiError(502, 9001, "bad gateway");
      const upstream = script([{ Status: "Running", Progress: 1, Lines: [] }, failure]);
      const errors: unknown[] = [];
      const phases: PollPhase[] = [];
      startLogPoller({
        taskRecId: 3,
        fetchLog: upstream.fetchLog,
        onLog: () => {},
        onPhase: (phase) => phases.push(phase),
        onError: (error) => errors.push(error),
      });
      await settle();
      mock.timers.tick(TASK_LOG_POLL_INTERVAL_MS);
      await settle();
      mock.timers.tick(TASK_LOG_POLL_INTERVAL_MS * 5);
      await settle();
      assert.deepEqual(errors, [failure]);
      assert.equal(upstream.paths.length, 2);
      assert.deepEqual(phases, ["loading", "polling", "failed"]);
    } finally {
      mock.timers.reset();
    }
  });

  test("stopping aborts the call in flight and cancels the next one, silently", async () => {
    mock.timers.enable({ apis: ["setTimeout"] });
    try {
      const paths: string[] = [];
      const phases: PollPhase[] = [];
      let signalSeen: AbortSignal | null = null;
      const stop = startLogPoller({
        taskRecId: 4,
        fetchLog: (path, signal) => {
          paths.push(path);
          signalSeen = signal;
          return new Promise((_, reject) =>
            signal.addEventListener("abort", () => reject(new ApiError(0, null, "aborted", null, true))),
          );
        },
        onLog: () => assert.fail("no answer"),
        onPhase: (phase) => phases.push(phase),
        onError: () => assert.fail("an aborted call is silent (§8)"),
      });
      stop();
      await settle();
      mock.timers.tick(TASK_LOG_POLL_INTERVAL_MS * 3);
      await settle();
      assert.equal((signalSeen as AbortSignal | null)?.aborted, true);
      assert.equal(paths.length, 1);
      assert.deepEqual(phases, ["loading"]);
    } finally {
      mock.timers.reset();
    }
  });
});
