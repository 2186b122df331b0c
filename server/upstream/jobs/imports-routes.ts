/**
 * Imports (§4.3 producers): multipart uploads with the CSV files in the repeated field file[] (§7
 * uploads). POST /api/Imports/Users (Users rw) and /api/Imports/Teams (Teams rw) create users or
 * teams in the caller's account; POST /api/Imports/Data with the field DataTableRecId (TableAndViews
 * rw) appends rows to a data table. Each file becomes its own background task (202); its content
 * is checked row by row there, and applied whole or not at all. Refused here, with nothing stored:
 * not multipart (415), no file, a bad name, not a CSV of UTF-8 text (400), too large (413).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { assertValidFileName } from "../files/file-names.ts";
import { uploadBodyLimit } from "../http/body-limits.ts";
import { badRequest, UpstreamError } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import type { ImportKind } from "../store/types/imports.ts";
import { taskBody } from "../tasks/routes.ts";
import { callerObject } from "./access.ts";
import { CsvError, decodeUtf8 } from "./csv.ts";
import { queueImport } from "./imports.ts";
import type { JobRuntime } from "./runtime.ts";

/** Largest import file. */
export const MAX_IMPORT_FILE_BYTES = 5 * 1024 * 1024;
/** Most files in one import request. */
export const MAX_IMPORT_FILES = 5;
const IMPORT_BODY_LIMIT_BYTES = uploadBodyLimit(MAX_IMPORT_FILES * MAX_IMPORT_FILE_BYTES);

interface ImportUpload {
  files: { fileName: string; content: string }[];
  fields: Record<string, string>;
}

/** Reads the files (each a CSV of UTF-8 text) and the named fields; 415, 400 or 413 otherwise. */
async function readImportUpload(
  request: FastifyRequest,
  fieldNames: readonly string[],
): Promise<ImportUpload> {
  if (!request.isMultipart())
    throw new UpstreamError(415, "UnsupportedMediaType", "Send the files as multipart/form-data.");
  const upload: ImportUpload = { files: [], fields: {} };
  try {
    const parts = request.parts({
      preservePath: true,
      limits: {
        fileSize: MAX_IMPORT_FILE_BYTES,
        files: MAX_IMPORT_FILES,
        fields: fieldNames.length + 1,
        fieldSize: 64,
        parts: MAX_IMPORT_FILES + fieldNames.length + 1,
      },
    });
    for await (const part of parts) {
      if (part.type === "field") {
        if (!fieldNames.includes(part.fieldname))
          throw badRequest("InvalidRequest", `Unknown field ${part.fieldname}.`);
        upload.fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== "file[]")
        throw badRequest("InvalidRequest", "Send the files in the field file[].");
      const fileName = assertValidFileName(part.filename);
      const data = await part.toBuffer();
      if (!/\.(csv|txt)$/i.test(fileName))
        throw badRequest("InvalidImportFile", `${fileName} is not a .csv file.`);
      try {
        upload.files.push({ fileName, content: decodeUtf8(data) });
      } catch (error) {
        if (error instanceof CsvError) throw badRequest("InvalidImportFile", `${fileName}: ${error.message}`);
        throw error;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") {
      throw new UpstreamError(
        413,
        "ImportFileTooLarge",
        `Import files are limited to ${MAX_IMPORT_FILE_BYTES} bytes.`,
      );
    }
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT") {
      throw badRequest("TooManyFiles", `An import has at most ${MAX_IMPORT_FILES} files.`);
    }
    if (code === "FST_FIELDS_LIMIT") throw badRequest("InvalidRequest", "Unexpected form fields.");
    throw error;
  }
  if (upload.files.length === 0) throw badRequest("FileMissing", "No file was sent.");
  return upload;
}

/** Registers the import routes under the application base. */
export function registerImportRoutes(api: FastifyInstance, runtime: JobRuntime, guards: Guards): void {
  const { context } = runtime;

  /** Creates one task per file, queues them, and answers with the tasks. */
  const start = async (
    request: FastifyRequest,
    kind: ImportKind,
    upload: ImportUpload,
    table?: { recId: number; name: string },
  ) => {
    const caller = callerOf(request);
    const accountId = caller.account.recId;
    const label = {
      User: "Import of users",
      Team: "Import of teams",
      BackgroundData: `Import into ${table?.name}`,
    }[kind];
    const tasks = [];
    for (const file of upload.files) {
      const job = await context.store.jobs.imports.create(
        accountId,
        {
          userId: caller.user.recId,
          kind,
          dataTableId: table?.recId ?? null,
          fileName: file.fileName,
          content: file.content,
          taskName: `${label} (${file.fileName})`,
        },
        context.now(),
      );
      queueImport(runtime, job);
      const task = await context.store.content.tasks.get(accountId, job.taskId);
      if (task) tasks.push(taskBody(task, caller));
    }
    return { Tasks: tasks };
  };

  api.post(
    "/Imports/Users",
    { onRequest: [guards.session, guards.permission("Users", "rw")], bodyLimit: IMPORT_BODY_LIMIT_BYTES },
    async (request, reply) =>
      reply.status(202).send(await start(request, "User", await readImportUpload(request, []))),
  );

  api.post(
    "/Imports/Teams",
    { onRequest: [guards.session, guards.permission("Teams", "rw")], bodyLimit: IMPORT_BODY_LIMIT_BYTES },
    async (request, reply) =>
      reply.status(202).send(await start(request, "Team", await readImportUpload(request, []))),
  );

  api.post(
    "/Imports/Data",
    {
      onRequest: [guards.session, guards.feature("TablesAndView"), guards.permission("TableAndViews", "rw")],
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
    },
    async (request, reply) => {
      const upload = await readImportUpload(request, ["DataTableRecId"]);
      const recIdText = upload.fields.DataTableRecId ?? "";
      if (!/^[1-9][0-9]{0,14}$/.test(recIdText))
        throw badRequest("InvalidRequest", "DataTableRecId must be a record id.");
      const table = await callerObject(context, callerOf(request), Number(recIdText), "rw", "Data table", [
        "DataTable",
      ]);
      return reply.status(202).send(await start(request, "BackgroundData", upload, table));
    },
  );
}
