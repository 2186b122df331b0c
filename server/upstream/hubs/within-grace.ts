/**
 * Waiting at most a grace period: a stopping instance waits for work under way (its sockets' close, the
 * invocations and publications they left) but never longer than its grace, so a client or a store that
 * no longer answers cannot hold the shutdown.
 */

/** Settles when `work` settles or `graceMs` has passed, whichever is first; never rejects. */
export async function withinGrace(work: Promise<unknown>, graceMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, graceMs);
  });
  await Promise.race([
    work.then(
      () => undefined,
      () => undefined,
    ),
    graceOver,
  ]);
  clearTimeout(timer);
}
