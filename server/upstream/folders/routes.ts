/**
 * Folders of the library areas (§3 Folder: recId, recParentId, name, type, children; the path runs
 * from the root down to the current folder). Each user sees five roots per area — Personal (theirs
 * alone), Team (the account's), Shared, Favourites and Deleted — and creates, renames, moves (never
 * into its own subtree), deletes to Deleted, restores and purges folders under Personal and Team.
 * Reads need the area's permission at r, changes at rw, and the area's feature Included (§6).
 */
import type { FastifyInstance } from "fastify";
import { singleLineText } from "../../../schemas/text-rules.ts";
import type { UpstreamContext } from "../context.ts";
import { conflict, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdSchema } from "../http/schemas.ts";
import { afterPurge, afterTrash } from "../objects/notify.ts";
import type { FolderRecord } from "../store/types/library.ts";
import { areaGuard, areaOf, areaSchema, contentScope } from "./areas.ts";
import { isoTime, nonBlank } from "./list-query.ts";

/** Longest folder name, in characters. */
export const MAX_FOLDER_NAME_LENGTH = 120;

const folderName = {
  ...singleLineText,
  minLength: 1,
  maxLength: MAX_FOLDER_NAME_LENGTH,
  description: "Folder name (one line, no control characters).",
} as const;

const areaParams = {
  type: "object",
  properties: { area: areaSchema },
  required: ["area"],
  additionalProperties: false,
} as const;
const folderParams = {
  type: "object",
  properties: { area: areaSchema, recId: recIdSchema },
  required: ["area", "recId"],
  additionalProperties: false,
} as const;
const createBody = {
  type: "object",
  properties: { Name: folderName, ParentRecId: { ...recIdSchema, description: "Parent folder." } },
  required: ["Name", "ParentRecId"],
  additionalProperties: false,
} as const;
const renameBody = {
  type: "object",
  properties: { Name: folderName },
  required: ["Name"],
  additionalProperties: false,
} as const;
const moveBody = {
  type: "object",
  properties: { ParentRecId: { ...recIdSchema, description: "New parent folder." } },
  required: ["ParentRecId"],
  additionalProperties: false,
} as const;

/** A folder as the API returns it (§3 Folder, with the roots' kind as Type). */
export interface FolderBody {
  RecId: number;
  RecParentId: number | null;
  Name: string;
  Type: string;
  IsDeleted: boolean;
  CreatedAt: string;
  ModifiedAt: string;
  DeletedAt: string | null;
  Children?: FolderBody[];
}

/** The body of one folder, with `children` when given. */
export function folderBody(folder: FolderRecord, children?: FolderBody[]): FolderBody {
  return {
    RecId: folder.recId,
    RecParentId: folder.parentId,
    Name: folder.name,
    Type: folder.kind,
    IsDeleted: folder.deletedAt !== null,
    CreatedAt: isoTime(folder.createdAt) as string,
    ModifiedAt: isoTime(folder.modifiedAt) as string,
    DeletedAt: isoTime(folder.deletedAt),
    ...(children && { Children: children }),
  };
}

/** Nests folders under their parents, starting from `parentId`. */
function nest(folders: FolderRecord[], parentId: number): FolderBody[] {
  return folders
    .filter((folder) => folder.parentId === parentId)
    .map((folder) => folderBody(folder, nest(folders, folder.recId)));
}

/** Registers the folder routes under the application base. */
export function registerFolderRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  const { folders } = context.store.content;
  const read = [guards.session, areaGuard("r")];
  const write = [guards.session, areaGuard("rw")];
  const scopeOf = (request: Parameters<typeof callerOf>[0]) =>
    contentScope(callerOf(request), areaOf(request));
  const recIdOf = (request: { params: unknown }) => (request.params as { recId: number }).recId;
  const folderNotFound = () => notFound("Folder");
  const refusal = (outcome: string) => {
    if (outcome === "nameTaken") return conflict("NameTaken", "A folder with this name is already there.");
    if (outcome === "root") return conflict("RootFolderLocked", "Root folders cannot be changed.");
    if (outcome === "cycle") return conflict("FolderCycle", "A folder cannot move into its own subtree.");
    if (outcome === "notDeleted")
      return conflict("NotDeleted", "Only a deleted folder can be restored or purged.");
    return folderNotFound();
  };

  // The five roots with their live subtrees; Deleted lists the folders deleted as a whole.
  api.get("/Content/:area/Folders", { onRequest: read, schema: { params: areaParams } }, async (request) => {
    const scope = scopeOf(request);
    const roots = await folders.ensureRoots(scope, context.now());
    const live = await folders.listLive(scope);
    const deleted = await folders.listDeleted(scope);
    return Object.values(roots).map((root) =>
      folderBody(root, root.kind === "Deleted" ? deleted.map((f) => folderBody(f)) : nest(live, root.recId)),
    );
  });

  api.get(
    "/Content/:area/Folders/:recId",
    { onRequest: read, schema: { params: folderParams } },
    async (request) => {
      const scope = scopeOf(request);
      const folder = await folders.get(scope, recIdOf(request));
      if (!folder) throw folderNotFound();
      const children =
        folder.kind === "Deleted"
          ? await folders.listDeleted(scope)
          : folder.deletedAt === null
            ? (await folders.listLive(scope)).filter((child) => child.parentId === folder.recId)
            : [];
      return {
        ...folderBody(
          folder,
          children.map((child) => folderBody(child)),
        ),
        Path: (await folders.path(scope, folder.recId)).map((step) => folderBody(step)),
      };
    },
  );

  api.post(
    "/Content/:area/Folders",
    { onRequest: write, schema: { params: areaParams, body: createBody } },
    async (request, reply) => {
      const scope = scopeOf(request);
      const body = request.body as { Name: string; ParentRecId: number };
      await folders.ensureRoots(scope, context.now());
      const input = { parentId: body.ParentRecId, name: nonBlank(body.Name, "folder name") };
      const outcome = await folders.create(scope, input, context.now());
      if (typeof outcome === "string") throw refusal(outcome);
      return reply.status(201).send(folderBody(outcome, []));
    },
  );

  api.put(
    "/Content/:area/Folders/:recId",
    { onRequest: write, schema: { params: folderParams, body: renameBody } },
    async (request) => {
      const name = nonBlank((request.body as { Name: string }).Name, "folder name");
      const outcome = await folders.rename(scopeOf(request), recIdOf(request), name, context.now());
      if (typeof outcome === "string") throw refusal(outcome);
      return folderBody(outcome);
    },
  );

  api.post(
    "/Content/:area/Folders/:recId/Move",
    { onRequest: write, schema: { params: folderParams, body: moveBody } },
    async (request) => {
      const { ParentRecId } = request.body as { ParentRecId: number };
      const outcome = await folders.move(scopeOf(request), recIdOf(request), ParentRecId, context.now());
      if (typeof outcome === "string") throw refusal(outcome);
      return folderBody(outcome);
    },
  );

  api.delete(
    "/Content/:area/Folders/:recId",
    { onRequest: write, schema: { params: folderParams } },
    async (request, reply) => {
      const caller = callerOf(request);
      const outcome = await folders.trash(scopeOf(request), recIdOf(request), context.now());
      if (typeof outcome === "string") throw refusal(outcome);
      await afterTrash(context, caller.account.recId, outcome, true);
      return reply.status(204).send();
    },
  );

  api.post(
    "/Content/:area/Folders/:recId/Restore",
    { onRequest: write, schema: { params: folderParams } },
    async (request) => {
      const caller = callerOf(request);
      const outcome = await folders.restore(scopeOf(request), recIdOf(request), context.now());
      if (typeof outcome === "string") throw refusal(outcome);
      await afterTrash(context, caller.account.recId, outcome.objects, false);
      return folderBody(outcome.folder);
    },
  );

  api.post(
    "/Content/:area/Folders/:recId/Purge",
    { onRequest: write, schema: { params: folderParams } },
    async (request, reply) => {
      const caller = callerOf(request);
      const outcome = await folders.purge(scopeOf(request), recIdOf(request));
      if (typeof outcome === "string") throw refusal(outcome);
      await afterPurge(context, caller.account.recId, outcome);
      return reply.status(204).send();
    },
  );
}
