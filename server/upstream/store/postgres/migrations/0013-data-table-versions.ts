/**
 * PostgreSQL translation of ../../migrations/0013-data-table-versions.ts (the conversion rules: ../README.md).
 */

/** The data table versions and the triggers that keep them. */
export const PG_MIGRATION_013_DATA_TABLE_VERSIONS = `
CREATE TABLE data_table_versions (
  object_id BIGINT PRIMARY KEY REFERENCES objects (id) ON DELETE CASCADE,
  account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  version BIGINT NOT NULL DEFAULT 1,
  generation BIGINT NOT NULL DEFAULT 1
);
INSERT INTO data_table_versions (object_id, account_id) SELECT object_id, account_id FROM data_tables;

-- SQLite's triggers are row triggers with their statements inline; here each is a plpgsql function
-- run FOR EACH ROW, so a statement deleting n rows also counts n, as in SQLite.
CREATE FUNCTION data_table_versions_on_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_table_versions (object_id, account_id) VALUES (NEW.object_id, NEW.account_id)
  ON CONFLICT (object_id) DO UPDATE SET version = data_table_versions.version + 1;
  RETURN NULL;
END
$$;
CREATE TRIGGER data_table_versions_on_insert AFTER INSERT ON data_tables
  FOR EACH ROW EXECUTE FUNCTION data_table_versions_on_write();
CREATE TRIGGER data_table_versions_on_update AFTER UPDATE ON data_tables
  FOR EACH ROW EXECUTE FUNCTION data_table_versions_on_write();

CREATE FUNCTION data_table_versions_on_row_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_table_versions SET version = version + 1, generation = generation + 1
  WHERE object_id = OLD.object_id;
  RETURN NULL;
END
$$;
CREATE TRIGGER data_table_versions_on_row_delete AFTER DELETE ON data_table_rows
  FOR EACH ROW EXECUTE FUNCTION data_table_versions_on_row_delete();
`;
