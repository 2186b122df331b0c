/**
 * The IP database (§2.4 /admin/ipdatabase and /admin/ipdatabaseupdates): ranges mapping addresses to
 * a country, region, city and organisation (used to name the country of a blocked IP). Staff add
 * manual ranges; imported ranges are replaced as a whole by uploading a range list (CSV, gzip or ZIP
 * holding one CSV: StartIp,EndIp,CountryCode,Region,City,Organization). A scheduled download from a
 * provider needs a provider subscription this installation does not have: Run answers 422.
 */
import { gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { uploadBodyLimit } from "../http/body-limits.ts";
import { badRequest, UpstreamError } from "../http/errors.ts";
import type { Guards } from "../http/guards.ts";
import type { AdminRow } from "../store/types/admin-records.ts";
import { flag, oneOf, text } from "./fields.ts";
import { parseIpRangeCsv, rangeOf } from "./ip-range-csv.ts";
import type { AdminResource } from "./resource.ts";
import { adminCall, userJoin } from "./resource-kit.ts";
import { auditChange, registerAdminResource } from "./resource-routes.ts";
import { extensionOf, readUploads } from "./uploads.ts";
import { readZip } from "./zip.ts";

const IP =
  "^(?:(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(?:\\.(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}|[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7})$";
const UPDATE_STATUSES = ["Queued", "Running", "Succeeded", "Failed", "Cancelled"] as const;
/** Largest range list accepted, packed and unpacked (the import runs in memory). */
export const IP_LIST_MAX_BYTES = 64 * 1024 * 1024;

/** /admin/ipdatabase. */
export const ipDatabase: AdminResource = {
  path: "IpDatabase",
  module: "IpDatabase",
  noun: "IP range",
  spec: {
    table: "ip_ranges",
    from: "ip_ranges t",
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.ip_version, t.start_key",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      StartIp: {
        sql: "t.start_ip",
        type: "text",
        write: "start_ip",
        search: true,
        sort: true,
        order: "t.ip_version, t.start_key",
      },
      EndIp: { sql: "t.end_ip", type: "text", write: "end_ip", order: "t.ip_version, t.end_key" },
      IpVersion: { sql: "t.ip_version", type: "int", write: "ip_version" },
      StartKey: { sql: "t.start_key", type: "text", write: "start_key", secret: true },
      EndKey: { sql: "t.end_key", type: "text", write: "end_key", secret: true },
      CountryCode: { sql: "t.country_code", type: "text", write: "country_code", search: true, sort: true },
      Region: { sql: "t.region", type: "text", write: "region", search: true, sort: true },
      City: { sql: "t.city", type: "text", write: "city", search: true, sort: true },
      Organization: { sql: "t.organization", type: "text", write: "organization", search: true },
      IsManual: { sql: "t.is_manual", type: "bool", write: "is_manual" },
      ModifiedAt: { sql: "t.modified_at", type: "datetime", sort: true },
    },
    filters: {
      CountryCode: { sql: "t.country_code", type: "text", op: "contains" },
      IsManual: { sql: "t.is_manual", type: "bool", op: "eq" },
    },
    // TRUE is 1 in SQLite and a boolean in PostgreSQL: one SQL for both stores.
    insertDefaults: { is_manual: "TRUE" },
    touch: { modified_at: "@now" },
    updateWhen: "t.is_manual",
    deleteWhen: "t.is_manual",
  },
  fields: {
    StartIp: { schema: text(39, IP), required: true },
    EndIp: { schema: text(39, IP), required: true },
    CountryCode: { schema: text(2, "^[A-Z]{2}$"), required: true },
    Region: { schema: text(100) },
    City: { schema: text(100) },
    Organization: { schema: text(200) },
  },
  filters: { CountryCode: text(2), IsManual: flag() },
  create: true,
  update: true,
  remove: {},
  refused: {
    update: "Imported ranges change only by importing a new list.",
    delete: "Imported ranges change only by importing a new list.",
  },
  prepare: async (values, current) => {
    if (values.StartIp === undefined && values.EndIp === undefined) return values;
    const range = rangeOf(String(values.StartIp ?? current?.StartIp), String(values.EndIp ?? current?.EndIp));
    return {
      ...values,
      StartIp: range.startIp,
      EndIp: range.endIp,
      IpVersion: range.version,
      StartKey: range.startKey,
      EndKey: range.endKey,
    };
  },
};

/** /admin/ipdatabaseupdates. */
export const ipDatabaseUpdates: AdminResource = {
  path: "IpDatabaseUpdates",
  module: "IpDatabaseUpdates",
  noun: "IP database update",
  spec: {
    table: "ip_database_updates",
    from: `ip_database_updates t ${userJoin("t.started_by_user_id", "sb")}`,
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.started_at DESC",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      Source: { sql: "t.source", type: "text", write: "source", sort: true },
      FileName: { sql: "t.file_name", type: "text", write: "file_name", search: true },
      Status: { sql: "t.status", type: "text", write: "status", sort: true },
      RangeCount: { sql: "t.range_count", type: "int", write: "range_count" },
      StartedAt: { sql: "t.started_at", type: "datetime", write: "started_at", sort: true },
      EndedAt: { sql: "t.ended_at", type: "datetime", write: "ended_at", sort: true },
      StartedByName: { sql: "sb.full_name", type: "text" },
      ErrorMessage: { sql: "t.error_message", type: "text", write: "error_message" },
    },
    filters: { Status: { sql: "t.status", type: "text", op: "eq" } },
    insertDefaults: { started_by_user_id: "@actor" },
  },
  filters: { Status: oneOf(UPDATE_STATUSES) },
};

/** The CSV text of an uploaded range list (plain, gzip, or the one CSV of a ZIP). */
function csvText(fileName: string, data: Buffer): string {
  try {
    const extension = extensionOf(fileName);
    if (extension === "gz") return gunzipSync(data, { maxOutputLength: IP_LIST_MAX_BYTES }).toString("utf8");
    if (extension === "zip") {
      const csvs = readZip(data, IP_LIST_MAX_BYTES).filter((entry) => extensionOf(entry.name) === "csv");
      if (csvs.length !== 1 || !csvs[0]) throw new Error("the ZIP archive must hold exactly one .csv file");
      return csvs[0].data.toString("utf8");
    }
    return data.toString("utf8");
  } catch (error) {
    throw badRequest("InvalidIpDatabaseFile", `The file cannot be read: ${(error as Error).message}.`);
  }
}

/** Registers the IP database screens. */
export function registerIpDatabaseRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  registerAdminResource(api, context, guards, ipDatabase);
  registerAdminResource(api, context, guards, ipDatabaseUpdates);
  const write = [guards.session, guards.admin("IpDatabaseUpdates", "Write")];

  api.post("/Admin/IpDatabaseUpdates/Run", { onRequest: write }, async () => {
    throw new UpstreamError(
      422,
      "ExternalSystemNotConfigured",
      "Scheduled updates download the list from an IP database provider, and none is configured: upload a range list instead.",
    );
  });

  const uploadOptions = { onRequest: write, bodyLimit: uploadBodyLimit(IP_LIST_MAX_BYTES) };
  api.post("/Admin/IpDatabaseUpdates/Upload", uploadOptions, async (request, reply) => {
    const call = adminCall(request, context);
    const [file] = await readUploads(request, {
      accept: ["csv", "zip", "gz"],
      maxBytes: IP_LIST_MAX_BYTES,
      maxFiles: 1,
    });
    if (!file) throw badRequest("FileMissing", "No file was sent.");
    const parsed = parseIpRangeCsv(csvText(file.fileName, file.data));
    if (typeof parsed === "string") throw badRequest("InvalidIpDatabaseFile", parsed);
    const id = await context.store.admin.network.importRanges(
      parsed,
      { fileName: file.fileName, startedBy: call.caller.user.recId, startedAt: call.at.now },
      context.now(),
    );
    await auditChange(
      call,
      "AdminIpDatabaseImport",
      `${parsed.length} IP ranges imported from ${file.fileName}.`,
      { UpdateRecId: id },
    );
    const row = (await context.store.admin.records.get(ipDatabaseUpdates.spec, id, call.at)) as AdminRow;
    return reply.status(201).send(row);
  });
}
