/**
 * The reference connectors and what they compute: smart view parameters of the relational sample
 * (each parameter's options narrowed by the values already chosen) and the columns of a document
 * collection inferred from its first rows.
 */
import { DOCUMENT_COLLECTIONS, RETAIL_STORES, type RetailStore } from "./sample-data.ts";

/** What kind of source a connector reads. */
export type ConnectorKind = "Relational" | "DocumentDatabase";

/** A smart view: its parameters, in cascade order, per version. */
export interface SmartViewDefinition {
  name: string;
  versions: Readonly<Record<number, readonly (keyof RetailStore)[]>>;
}

/** A connector of the reference service. */
export interface ConnectorDefinition {
  code: string;
  kind: ConnectorKind;
  smartViews: readonly SmartViewDefinition[];
}

/** The connectors, by code (a DataConnection object names one in its ConnectorCode property). */
export const CONNECTORS: Readonly<Record<string, ConnectorDefinition>> = {
  SampleRetail: {
    code: "SampleRetail",
    kind: "Relational",
    smartViews: [{ name: "SalesByGeography", versions: { 1: ["Country", "Region", "City"], 2: ["Country", "Region", "City", "Channel"] } }],
  },
  SampleDocuments: { code: "SampleDocuments", kind: "DocumentDatabase", smartViews: [] },
};

/** The connector of a code; own keys only, so "constructor" or "__proto__" name nothing. */
export function connectorByCode(code: string): ConnectorDefinition | undefined {
  return Object.hasOwn(CONNECTORS, code) ? CONNECTORS[code] : undefined;
}

/** Whether the document sample has a collection of this name. */
export function hasDocumentCollection(name: string): boolean {
  return Object.hasOwn(DOCUMENT_COLLECTIONS, name);
}

/** A select option (§3). */
export interface SelectOption {
  label: string;
  value: string;
}

/** One parameter's options given the values chosen so far. */
export interface SmartViewParameter {
  Name: string;
  Value: string | null;
  Options: SelectOption[];
}

/** The parameters of a smart view version, or undefined when the view or version does not exist. */
export function smartViewParameters(connector: ConnectorDefinition, name: string, version: number) {
  const view = connector.smartViews.find((candidate) => candidate.name === name);
  return view && Object.hasOwn(view.versions, version) ? view.versions[version] : undefined;
}

/**
 * Each parameter's options: the distinct values among the stores that match every value chosen for
 * the parameters before it (the cascade Country → Region → City → Channel).
 */
export function computeSmartViewParameters(
  parameters: readonly (keyof RetailStore)[],
  chosen: Readonly<Record<string, string | null>>,
): SmartViewParameter[] {
  let rows: readonly RetailStore[] = RETAIL_STORES;
  return parameters.map((name) => {
    const values = [...new Set(rows.map((row) => row[name]))].sort((a, b) => a.localeCompare(b));
    const value = chosen[name] ?? null;
    const valid = value !== null && values.includes(value as never);
    if (valid) rows = rows.filter((row) => row[name] === value);
    return { Name: name, Value: valid ? value : null, Options: values.map((v) => ({ label: v, value: v })) };
  });
}

/** An inferred column of a document collection. */
export interface DocumentColumn {
  Name: string;
  Type: string;
  /** In how many of the scanned rows the column has a non-null value. */
  Occurrences: number;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

function typeOf(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value === "string") return ISO_DATE.test(value) ? "date" : "string";
  return typeof value;
}

function mergeType(a: string | undefined, b: string): string {
  if (!a || a === "null") return b;
  if (b === "null" || a === b) return a;
  if ((a === "integer" && b === "number") || (a === "number" && b === "integer")) return "number";
  return "mixed";
}

/** The columns of a collection seen in its first `rowScan` rows; nested objects become dotted paths. */
export function inferDocumentColumns(collection: string, rowScan: number): { columns: DocumentColumn[]; rowsScanned: number } | undefined {
  if (!hasDocumentCollection(collection)) return undefined;
  const rows = DOCUMENT_COLLECTIONS[collection] ?? [];
  const scanned = rows.slice(0, rowScan);
  const columns = new Map<string, { type: string | undefined; occurrences: number }>();
  const visit = (value: Record<string, unknown>, prefix: string) => {
    for (const [key, inner] of Object.entries(value)) {
      const path = `${prefix}${key}`;
      if (inner !== null && typeof inner === "object" && !Array.isArray(inner)) {
        visit(inner as Record<string, unknown>, `${path}.`);
        continue;
      }
      const column = columns.get(path) ?? { type: undefined, occurrences: 0 };
      column.type = mergeType(column.type, typeOf(inner));
      if (inner !== null && inner !== undefined) column.occurrences += 1;
      columns.set(path, column);
    }
  };
  for (const row of scanned) visit(row, "");
  return {
    columns: [...columns].map(([name, column]) => ({ Name: name, Type: column.type ?? "null", Occurrences: column.occurrences })),
    rowsScanned: scanned.length,
  };
}
