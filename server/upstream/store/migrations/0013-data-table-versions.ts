/**
 * SQL of migration 13: the version of every data table's rows, for the query engine's result cache
 * and its loaded copies (server/upstream/analytics/README.md). Triggers keep it in the same
 * transaction as the change, whoever writes: `version` grows with every write of the table's columns
 * (every import and every replacement writes them), `generation` with every row removed (a
 * replacement, a purge) — so within one generation the rows only grow, in id order, and the engine
 * may append what it has not loaded instead of loading the table again.
 */

/** The data table versions and the triggers that keep them. */
export const MIGRATION_013_DATA_TABLE_VERSIONS = `
CREATE TABLE data_table_versions (
  object_id INTEGER PRIMARY KEY REFERENCES objects (id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  version INTEGER NOT NULL DEFAULT 1,
  generation INTEGER NOT NULL DEFAULT 1
) STRICT;
INSERT INTO data_table_versions (object_id, account_id) SELECT object_id, account_id FROM data_tables;

CREATE TRIGGER data_table_versions_on_insert AFTER INSERT ON data_tables BEGIN
  INSERT INTO data_table_versions (object_id, account_id) VALUES (NEW.object_id, NEW.account_id)
  ON CONFLICT (object_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER data_table_versions_on_update AFTER UPDATE ON data_tables BEGIN
  INSERT INTO data_table_versions (object_id, account_id) VALUES (NEW.object_id, NEW.account_id)
  ON CONFLICT (object_id) DO UPDATE SET version = version + 1;
END;
CREATE TRIGGER data_table_versions_on_row_delete AFTER DELETE ON data_table_rows BEGIN
  UPDATE data_table_versions SET version = version + 1, generation = generation + 1
  WHERE object_id = OLD.object_id;
END;
`;
