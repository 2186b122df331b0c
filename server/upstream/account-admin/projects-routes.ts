/**
 * Projects (§2.2 /projects; role permission Projects, r to read and rw to change): list with paging,
 * search, sort and a status filter; read, create, update and delete. Dates are calendar dates
 * (YYYY-MM-DD); a due date before the start date is refused.
 */
import type { FastifyInstance } from "fastify";
import { multiLineText, singleLineText } from "../../../schemas/text-rules.ts";
import type { UpstreamContext } from "../context.ts";
import {
  isoTime,
  type ListQueryString,
  listQuerySchema,
  nonBlank,
  pageBody,
  toListQuery,
} from "../folders/list-query.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdParams } from "../http/schemas.ts";
import {
  PROJECT_SORT_FIELDS,
  PROJECT_STATUSES,
  type ProjectFields,
  type ProjectRecord,
} from "../store/types/account-resources.ts";

const date = {
  anyOf: [{ type: "string", format: "date" }, { type: "null" }],
  description: "Calendar date, or null.",
};
const fields = {
  Name: {
    ...singleLineText,
    minLength: 1,
    maxLength: 200,
    description: "Project name.",
  },
  Description: { ...multiLineText, maxLength: 8000, description: "Description." },
  Status: { enum: PROJECT_STATUSES, description: "State of the project." },
  StartDate: date,
  DueDate: date,
} as const;
const createBody = {
  type: "object",
  properties: fields,
  required: ["Name"],
  additionalProperties: false,
} as const;
const updateBody = {
  type: "object",
  properties: fields,
  minProperties: 1,
  additionalProperties: false,
} as const;
const listQuery = listQuerySchema(PROJECT_SORT_FIELDS, "Name", {
  status: { enum: PROJECT_STATUSES, description: "Only projects in this state." },
});

interface ProjectInput {
  Name?: string;
  Description?: string;
  Status?: ProjectFields["status"];
  StartDate?: string | null;
  DueDate?: string | null;
}

/** A project as the API returns it. */
export function projectBody(project: ProjectRecord) {
  return {
    RecId: project.recId,
    UID: project.uid,
    Name: project.name,
    Description: project.description,
    Status: project.status,
    StartDate: project.startDate,
    DueDate: project.dueDate,
    OwnerFullName: project.ownerFullName,
    CreatedAt: isoTime(project.createdAt),
    ModifiedAt: isoTime(project.modifiedAt),
  };
}

/** The fields a body changes (names trimmed, blank refused). */
function changeOf(body: ProjectInput): Partial<ProjectFields> {
  return {
    ...(body.Name !== undefined && { name: nonBlank(body.Name, "project name") }),
    ...(body.Description !== undefined && { description: body.Description.trim() }),
    ...(body.Status !== undefined && { status: body.Status }),
    ...(body.StartDate !== undefined && { startDate: body.StartDate }),
    ...(body.DueDate !== undefined && { dueDate: body.DueDate }),
  };
}

/** 400 when the due date comes before the start date. */
function assertDates(project: { startDate: string | null; dueDate: string | null }): void {
  if (project.startDate && project.dueDate && project.dueDate < project.startDate) {
    throw badRequest("InvalidRequest", "The due date cannot be before the start date.");
  }
}

/** Registers the project routes under the application base. */
export function registerProjectRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  const { projects } = context.store.content;
  const read = [guards.session, guards.permission("Projects", "r")];
  const write = [guards.session, guards.permission("Projects", "rw")];

  api.get("/Projects", { onRequest: read, schema: { querystring: listQuery } }, async (request) => {
    const query = request.query as ListQueryString & { status?: ProjectFields["status"] };
    const page = await projects.list(callerOf(request).account.recId, {
      ...toListQuery(query),
      ...(query.status && { status: query.status }),
    });
    return pageBody(page, projectBody);
  });

  api.get("/Projects/:recId", { onRequest: read, schema: { params: recIdParams } }, async (request) => {
    const project = await projects.get(
      callerOf(request).account.recId,
      (request.params as { recId: number }).recId,
    );
    if (!project) throw notFound("Project");
    return projectBody(project);
  });

  api.post("/Projects", { onRequest: write, schema: { body: createBody } }, async (request, reply) => {
    const caller = callerOf(request);
    const fieldsIn: ProjectFields = {
      name: "",
      description: "",
      status: "Planned",
      startDate: null,
      dueDate: null,
      ...changeOf(request.body as ProjectInput),
    };
    assertDates(fieldsIn);
    const project = await projects.create(caller.account.recId, fieldsIn, caller.user.recId, context.now());
    return reply.status(201).send(projectBody(project));
  });

  api.put(
    "/Projects/:recId",
    { onRequest: write, schema: { params: recIdParams, body: updateBody } },
    async (request) => {
      const accountId = callerOf(request).account.recId;
      const { recId } = request.params as { recId: number };
      const change = changeOf(request.body as ProjectInput);
      const current = await projects.get(accountId, recId);
      if (!current) throw notFound("Project");
      assertDates({ ...current, ...change });
      const project = await projects.update(accountId, recId, change, context.now());
      if (!project) throw notFound("Project");
      return projectBody(project);
    },
  );

  api.delete(
    "/Projects/:recId",
    { onRequest: write, schema: { params: recIdParams } },
    async (request, reply) => {
      const deleted = await projects.delete(
        callerOf(request).account.recId,
        (request.params as { recId: number }).recId,
      );
      if (!deleted) throw notFound("Project");
      return reply.status(204).send();
    },
  );
}
