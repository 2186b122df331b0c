/**
 * The tab title while members wait (§4.4 staff side): "(3) Support console · Tessera". The shell
 * sets the title per screen; the console only adds or removes its count in front of it.
 */

const COUNT_PREFIX = /^\(\d+\) /;

/** `title` with the waiting count in front when `waiting` > 0, and without any count otherwise. */
export function titleWithWaiting(title: string, waiting: number): string {
  const bare = title.replace(COUNT_PREFIX, "");
  return waiting > 0 ? `(${Math.floor(waiting)}) ${bare}` : bare;
}
