/**
 * Runs the client invocations of one connection, and its lifecycle hooks, strictly in arrival order —
 * one at a time, like the reference server's default, so a client cannot flood the server with
 * parallel work — and answers each blocking invocation with exactly one Completion.
 */
import type { FastifyBaseLogger } from "fastify";
import { CloseCode, type InvocationMessage, serializeHubMessage } from "./hub-protocol.ts";
import { type HubConnection, HubMethodError, type HubMethodHandler, type HubPrincipal } from "./hub-types.ts";

/** What the runner needs from its connection. */
export interface InvocationHost<P extends HubPrincipal> {
  readonly connection: HubConnection<P>;
  readonly methods: ReadonlyMap<string, HubMethodHandler<P>>;
  readonly maxPendingInvocations: number;
  readonly log: FastifyBaseLogger;
  /** Whether messages can still be sent. */
  isOpen(): boolean;
  /** Sends serialised text. */
  write(text: string): void;
  /** Ends the connection because of an error. */
  fail(error: string, code: number): void;
}

/** The end of an invocation. */
export type InvocationOutcome = { readonly result: unknown } | { readonly error: string };

/** The ordered task queue of one connection. */
export class InvocationRunner<P extends HubPrincipal> {
  #queue: Promise<void> = Promise.resolve();
  #pending = 0;

  constructor(private readonly host: InvocationHost<P>) {}

  /** Runs `task` after everything queued before it; a failure is logged, then passed to `onError`. */
  enqueue(label: string, task: () => unknown, onError?: (error: unknown) => void): void {
    this.#queue = this.#queue.then(async () => {
      try {
        await task();
      } catch (error) {
        this.host.log.error({ err: error }, `hub ${label} failed`);
        onError?.(error);
      }
    });
  }

  /** Settles once every task queued so far has run (a handler still writing to the store included). */
  settled(): Promise<void> {
    return this.#queue;
  }

  /** Queues a client invocation, or closes a client that has too many waiting. */
  accept(message: InvocationMessage): void {
    if (this.#pending >= this.host.maxPendingInvocations) {
      this.host.fail("Too many pending invocations.", CloseCode.PolicyViolation);
      return;
    }
    this.#pending++;
    this.enqueue("invocation", () => this.#invoke(message).finally(() => this.#pending--));
  }

  /** Sends the Completion of `invocationId` if the connection is still open. */
  complete(invocationId: string, outcome: InvocationOutcome): void {
    if (!this.host.isOpen()) return;
    let text: string;
    try {
      text = serializeHubMessage({ type: 3, invocationId, ...outcome });
    } catch (error) {
      this.host.log.error({ err: error }, "hub method result is not serialisable");
      text = serializeHubMessage({ type: 3, invocationId, error: "The result could not be serialised." });
    }
    this.host.write(text);
  }

  async #invoke({ target, invocationId, arguments: args }: InvocationMessage): Promise<void> {
    if (!this.host.isOpen()) return;
    const handler = this.host.methods.get(target);
    let outcome: InvocationOutcome;
    if (handler === undefined) {
      outcome = { error: `Unknown hub method '${target}'.` };
    } else {
      try {
        outcome = { result: await handler(this.host.connection, args) };
      } catch (error) {
        // Only a HubMethodError is meant for the client; anything else could leak internals.
        if (error instanceof HubMethodError) outcome = { error: error.message };
        else {
          this.host.log.error({ err: error, target }, "hub method failed");
          outcome = { error: `An unexpected error occurred invoking '${target}' on the server.` };
        }
      }
    }
    if (invocationId !== undefined) this.complete(invocationId, outcome);
  }
}
