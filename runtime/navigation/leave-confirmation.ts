/**
 * §4.1 step 8: a screen that must be asked before it is left (the legacy
 * dashboard editor) registers an asker; the navigation awaits its answer.
 */
type Asker = () => Promise<boolean>;

let currentAsker: Asker | null = null;

/** Registers the asker of the screen on display; returns the unregister function. */
export function registerLeaveAsker(asker: Asker): () => void {
  currentAsker = asker;
  return () => {
    if (currentAsker === asker) currentAsker = null;
  };
}

/** Asks the screen on display whether it may be left; true when nobody objects. */
export async function askToLeave(): Promise<boolean> {
  if (!currentAsker) return true;
  try {
    return await currentAsker();
  } catch {
    return true;
  }
}
