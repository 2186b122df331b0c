/**
 * The query tool's reader on PostgreSQL (UPSTREAM_QUERY_TOOL_DATABASE_URL). Staff SQL runs on a login
 * of its own, never on the store's connection under a switched role: SET ROLE is checked against the
 * session's login, so SQL run under it could switch back (`set_config('role', …)` inside a SELECT,
 * then `query_to_xml` reading any table). A separate login that owns nothing and holds no power
 * cannot. Before each run the upstream, as the owner of its schema, grants that role USAGE on the
 * schema and SELECT on the demo tables and views (QUERY_TOOL_TABLES, QUERY_TOOL_VIEWS) — nothing else —
 * and refuses it, with the reason, when it could reach more: a superuser, a role with BYPASSRLS,
 * CREATEROLE, CREATEDB or REPLICATION, a member of any role, the store's own role, or one that may read
 * another relation of the schema or run a SECURITY DEFINER function there.
 */
import pg from "pg";
import { QUERY_TOOL_TABLES, QUERY_TOOL_VIEWS } from "./query-runner.ts";

/** What the query tool may run on: the reader's URL and the store's schema, or why not. */
export type QueryReader = { url: string; schema: string } | { refused: string };

/** The key of the lock two instances granting at once take (the bytes of "tsqr"). */
const GRANT_LOCK = 0x74737172;

/** The user a postgres:// URL logs in as; null when it names none. */
function userOf(url: string): string | null {
  const name = decodeURIComponent(new URL(url).username);
  return name === "" ? null : name;
}

/**
 * Grants the reader of `readerUrl` what the query tool reads in the schema of `storeUrl`, after
 * checking it can reach nothing more. Rejects only when the store's server does not answer.
 */
export async function prepareQueryReader(storeUrl: string, readerUrl: string): Promise<QueryReader> {
  const reader = userOf(readerUrl);
  if (reader === null) return { refused: "UPSTREAM_QUERY_TOOL_DATABASE_URL names no user to log in as." };
  const client = new pg.Client({ connectionString: storeUrl });
  await client.connect();
  try {
    const { rows: places } = await client.query<{ schema: string | null; owner: string }>(
      "SELECT current_schema() AS schema, current_user AS owner",
    );
    const { schema, owner } = places[0] as { schema: string | null; owner: string };
    if (schema === null) return { refused: "The store's connection has no schema on its search path." };
    if (reader === owner) {
      return {
        refused: `The query tool's role "${reader}" is the store's own role: it would read every table.`,
      };
    }
    const { rows: roles } = await client.query<Record<string, boolean>>(
      `SELECT rolsuper, rolbypassrls, rolcreaterole, rolcreatedb, rolreplication, rolcanlogin
         FROM pg_roles WHERE rolname = $1`,
      [reader],
    );
    const role = roles[0];
    if (!role) return { refused: `The query tool's role "${reader}" does not exist.` };
    const powers = ["rolsuper", "rolbypassrls", "rolcreaterole", "rolcreatedb", "rolreplication"]
      .filter((power) => role[power] === true)
      .map((power) => power.slice(3).toUpperCase());
    if (powers.length > 0) {
      return {
        refused: `The query tool's role "${reader}" holds ${powers.join(", ")}; it must hold no power.`,
      };
    }
    if (role.rolcanlogin !== true) return { refused: `The query tool's role "${reader}" cannot log in.` };
    const { rows: memberships } = await client.query<{ name: string }>(
      `SELECT granted.rolname AS name FROM pg_auth_members m
         JOIN pg_roles granted ON granted.oid = m.roleid JOIN pg_roles member ON member.oid = m.member
        WHERE member.rolname = $1 ORDER BY 1`,
      [reader],
    );
    if (memberships.length > 0) {
      const names = memberships.map((m) => m.name).join(", ");
      return {
        refused: `The query tool's role "${reader}" is a member of ${names}; their rights would reach its queries.`,
      };
    }
    const allowed = [...QUERY_TOOL_TABLES, ...QUERY_TOOL_VIEWS];
    await client.query("BEGIN");
    try {
      await client.query("SELECT pg_advisory_xact_lock($1)", [GRANT_LOCK]);
      await client.query(
        `GRANT USAGE ON SCHEMA ${pg.escapeIdentifier(schema)} TO ${pg.escapeIdentifier(reader)}`,
      );
      await client.query(
        `GRANT SELECT ON ${allowed.map((name) => `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(name)}`).join(", ")} TO ${pg.escapeIdentifier(reader)}`,
      );
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    }
    // What else the role could read or run in the store's schema: grants to it or to PUBLIC, ownership.
    const { rows: reachable } = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relkind IN ('r', 'v', 'm', 'p', 'f', 'S') AND NOT (c.relname = ANY($3))
          AND (has_table_privilege($2, c.oid, 'SELECT') OR has_any_column_privilege($2, c.oid, 'SELECT'))
        ORDER BY 1 LIMIT 5`,
      [schema, reader, allowed],
    );
    if (reachable.length > 0) {
      const names = reachable.map((r) => r.name).join(", ");
      return {
        refused: `The query tool's role "${reader}" may read ${names} beside the demo views; revoke it.`,
      };
    }
    const { rows: definers } = await client.query<{ name: string }>(
      `SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = $1 AND p.prosecdef AND has_function_privilege($2, p.oid, 'EXECUTE') ORDER BY 1 LIMIT 5`,
      [schema, reader],
    );
    if (definers.length > 0) {
      const names = definers.map((d) => d.name).join(", ");
      return {
        refused: `The query tool's role "${reader}" may run the SECURITY DEFINER functions ${names}; revoke it.`,
      };
    }
    return { url: readerUrl, schema };
  } finally {
    await client.end();
  }
}
