/**
 * The in-process job queue: background work (exports, imports, schedule runs) runs here with
 * bounded concurrency, in the order it was queued. Work is persisted by its producer before it is
 * queued (a Task in the store), so closing the queue drops only the in-memory order: what was
 * waiting stays Queued in the store and is resumed at the next start (jobs/routes.ts).
 */
import type { FastifyBaseLogger } from "fastify";

/** Jobs running at the same time. */
export const JOB_CONCURRENCY = 2;

/** A unit of background work. */
export type Job = () => Promise<void>;

/** A FIFO queue running at most `concurrency` jobs at a time. */
export class JobQueue {
  private readonly waiting: { name: string; job: Job }[] = [];
  private readonly running = new Set<Promise<void>>();
  private closed = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly concurrency = JOB_CONCURRENCY,
  ) {}

  /** Queues a job; false (and nothing queued) once the queue is closed. */
  enqueue(name: string, job: Job): boolean {
    if (this.closed) return false;
    this.waiting.push({ name, job });
    this.pump();
    return true;
  }

  /** Jobs waiting and running. */
  get size(): number {
    return this.waiting.length + this.running.size;
  }

  /** Resolves once nothing waits or runs. */
  idle(): Promise<void> {
    if (this.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Takes no more jobs, forgets the waiting ones and waits for the running ones to finish. */
  async close(): Promise<void> {
    this.closed = true;
    this.waiting.length = 0;
    await Promise.allSettled([...this.running]);
  }

  private pump(): void {
    while (!this.closed && this.running.size < this.concurrency && this.waiting.length > 0) {
      const next = this.waiting.shift() as { name: string; job: Job };
      const run = next
        .job()
        .catch((error: unknown) => this.log.error({ err: error, job: next.name }, "background job failed"))
        .finally(() => {
          this.running.delete(run);
          this.pump();
          if (this.size === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
        });
      this.running.add(run);
    }
  }
}
