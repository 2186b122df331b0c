/** Which support session a customer-effort rating goes to (pure). */

/** A past support session (GET SupportSessions). */
export interface SupportSession {
  RecId: number;
  Status: string;
  ArchivedAt: string | null;
  Rating: number | null;
}

/** The session a rating goes to: the most recently archived one without a rating. */
export function sessionToRate(sessions: readonly SupportSession[]): SupportSession | null {
  const open = sessions.filter((s) => s.ArchivedAt !== null && s.Rating === null);
  open.sort((a, b) => String(b.ArchivedAt).localeCompare(String(a.ArchivedAt)));
  return open[0] ?? null;
}
