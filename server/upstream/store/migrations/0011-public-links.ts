/**
 * SQL of migration 11: public share links (§2.1 /v/{code}, /b/{code}, /ld/{code} and
 * /report/chart/snapshot; §1 "Public shared links exist for dashboards, binders and live
 * documents"). A link names one object of its account (or one chart snapshot taken from a
 * dashboard) by an unguessable code; revoking keeps the row for the record but stops it resolving.
 * Purging the object removes its links and snapshots (cascade); trashing it only hides them.
 */

/** Chart snapshots and public links. */
export const MIGRATION_011_SHARING = `
CREATE TABLE chart_snapshots (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  object_id INTEGER NOT NULL REFERENCES objects (id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  image BLOB NOT NULL,
  created_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX chart_snapshots_by_object ON chart_snapshots (account_id, object_id);

CREATE TABLE public_links (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  object_id INTEGER NOT NULL REFERENCES objects (id) ON DELETE CASCADE,
  snapshot_id INTEGER REFERENCES chart_snapshots (id) ON DELETE CASCADE,
  target_type TEXT NOT NULL CHECK (target_type IN ('Dashboard', 'Binder', 'LiveDoc', 'ChartSnapshot')),
  code TEXT NOT NULL UNIQUE,
  created_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL,
  revoked_at INTEGER,
  revoked_by_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  CHECK ((target_type = 'ChartSnapshot') = (snapshot_id IS NOT NULL))
) STRICT;
CREATE INDEX public_links_by_object ON public_links (account_id, object_id, created_at);
`;
