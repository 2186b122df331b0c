/**
 * Publishes that arrive while one is being applied end on the newest (DESIGN.md §3 pushed live;
 * runtime/config/config-queue.ts), as data.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  type ConfigQueueInput,
  type ConfigQueueState,
  type ConfigRequest,
  configQueueStep,
  foldRequests,
  IDLE_CONFIG_QUEUE,
} from "../../../runtime/config/config-queue.ts";

const normal = (version: number | null): ConfigRequest => ({ version, urgency: "normal" });
const urgent = (version: number | null): ConfigRequest => ({ version, urgency: "urgent" });
const publish = (request: ConfigRequest): ConfigQueueInput => ({ type: "published", request });
const finished: ConfigQueueInput = { type: "finished" };

/** Runs `inputs` from idle; returns the requests started, in order, and the last state. */
function run(inputs: ConfigQueueInput[]): { started: ConfigRequest[]; state: ConfigQueueState } {
  let state = IDLE_CONFIG_QUEUE;
  const started: ConfigRequest[] = [];
  for (const input of inputs) {
    const step = configQueueStep(state, input);
    state = step.state;
    if (step.start) started.push(step.start);
  }
  return { started, state };
}

describe("the live configuration's queue", () => {
  const rows: Array<{ name: string; inputs: ConfigQueueInput[]; started: ConfigRequest[]; idle: boolean }> = [
    {
      name: "a publish while idle starts at once",
      inputs: [publish(normal(3))],
      started: [normal(3)],
      idle: false,
    },
    {
      name: "it finishes and the queue is idle",
      inputs: [publish(normal(3)), finished],
      started: [normal(3)],
      idle: true,
    },
    {
      name: "publishes during an apply fold into one for the newest, run after it",
      inputs: [
        publish(normal(3)),
        publish(normal(4)),
        publish(normal(6)),
        publish(normal(5)),
        finished,
        finished,
      ],
      started: [normal(3), normal(6)],
      idle: true,
    },
    {
      name: "an urgent publish stays urgent when a normal one follows it",
      inputs: [publish(normal(3)), publish(urgent(4)), publish(normal(5)), finished],
      started: [normal(3), urgent(5)],
      idle: false,
    },
    {
      name: "a versionless event (maintenance) folds with a versioned one into its version",
      inputs: [publish(normal(3)), publish(urgent(null)), publish(normal(4)), finished],
      started: [normal(3), urgent(4)],
      idle: false,
    },
    {
      name: "after the queue drained, the next publish starts at once",
      inputs: [publish(normal(3)), finished, publish(normal(4))],
      started: [normal(3), normal(4)],
      idle: false,
    },
  ];
  for (const row of rows) {
    test(row.name, () => {
      const { started, state } = run(row.inputs);
      assert.deepEqual(started, row.started);
      assert.equal(!state.running && state.waiting === null, row.idle);
    });
  }

  test("folding: the higher version, urgent when either is, null only when both are", () => {
    assert.deepEqual(foldRequests(normal(2), normal(1)), normal(2));
    assert.deepEqual(foldRequests(urgent(1), normal(2)), urgent(2));
    assert.deepEqual(foldRequests(normal(null), normal(2)), normal(2));
    assert.deepEqual(foldRequests(normal(2), urgent(null)), urgent(2));
    assert.deepEqual(foldRequests(normal(null), normal(null)), normal(null));
  });
});
