/**
 * Distribution (§2.4): /admin/distributionenvironments (other installations packages are deployed
 * to: URL and API key, the key sealed by secrets-box.ts) and /admin/objectdeployments (a package
 * sent to an environment). Deploying talks to the remote environment's API, and this installation
 * has no deployment transport configured: a new deployment is recorded Pending with a log line that
 * says so, Retry queues a failed one again, and Rollback and Test answer 422
 * ExternalSystemNotConfigured rather than pretend.
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { badRequest, conflict, notFound, UpstreamError } from "../http/errors.ts";
import type { Guards } from "../http/guards.ts";
import type { AdminRow } from "../store/types/admin-records.ts";
import { bodySchemas, date, flag, HTTPS_URL, longText, oneOf, ref, text } from "./fields.ts";
import { packageManager } from "./packages.ts";
import type { AdminResource } from "./resource.ts";
import { adminCall, CREATED_MODIFIED, dateRange, keyParams, stamps, userJoin } from "./resource-kit.ts";
import { auditChange, registerAdminResource } from "./resource-routes.ts";
import { sealSecret } from "./secrets-box.ts";

const TYPES = ["Development", "Staging", "Production", "Customer"] as const;
const DEPLOYMENT_STATUSES = ["Pending", "Running", "Succeeded", "Failed", "RolledBack"] as const;
const LAST = (column: string) =>
  `(SELECT d.${column} FROM object_deployments d WHERE d.environment_id = t.id ORDER BY d.deployed_at DESC, d.id DESC LIMIT 1)`;
const NO_TRANSPORT = "No deployment transport is configured on this installation";

/** /admin/distributionenvironments. */
export const environments: AdminResource = {
  path: "DistributionEnvironments",
  module: "DistributionEnvironments",
  noun: "Environment",
  spec: {
    table: "distribution_environments",
    from: "distribution_environments t",
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.name",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      Name: { sql: "t.name", type: "text", write: "name", search: true, sort: true },
      Type: { sql: "t.type", type: "text", write: "type", sort: true },
      Url: { sql: "t.url", type: "text", write: "url", search: true },
      ApiKey: { sql: "t.api_key_secret", type: "text", write: "api_key_secret", secret: true },
      IsActive: { sql: "t.is_active", type: "bool", write: "is_active" },
      Description: { sql: "t.description", type: "text", write: "description", search: true },
      LastDeploymentAt: { sql: LAST("deployed_at"), type: "datetime", sort: true },
      LastDeploymentStatus: { sql: LAST("status"), type: "text" },
      ...CREATED_MODIFIED,
    },
    filters: {
      Type: { sql: "t.type", type: "text", op: "eq" },
      IsActive: { sql: "t.is_active", type: "bool", op: "eq" },
    },
    ...stamps(),
    deleteWhen: "NOT EXISTS (SELECT 1 FROM object_deployments d WHERE d.environment_id = t.id)",
  },
  fields: {
    Name: { schema: text(100), required: true },
    Type: { schema: oneOf(TYPES), required: true },
    Url: { schema: text(500, HTTPS_URL), required: true },
    ApiKey: { schema: text(500), secret: true },
    IsActive: { schema: flag() },
    Description: { schema: longText(2000) },
  },
  filters: { Type: oneOf(TYPES), IsActive: flag() },
  create: true,
  update: true,
  remove: {},
  refused: { code: "RecordInUse", delete: "The environment has deployments: deactivate it instead." },
  duplicate: { code: "NameTaken", message: "An environment with this name already exists." },
  prepare: async (values) => {
    const { ApiKey, ...rest } = values;
    return typeof ApiKey === "string" && ApiKey !== "" ? { ...rest, ApiKey: sealSecret(ApiKey) } : rest;
  },
};

/** /admin/objectdeployments. */
export const deployments: AdminResource = {
  path: "ObjectDeployments",
  module: "ObjectDeployments",
  noun: "Deployment",
  spec: {
    table: "object_deployments",
    from: `object_deployments t JOIN distribution_environments e ON e.id = t.environment_id ${userJoin("t.deployed_by_user_id", "db")}`,
    key: "id",
    keyType: "int",
    keyField: "RecId",
    defaultOrder: "t.deployed_at DESC",
    columns: {
      RecId: { sql: "t.id", type: "int", sort: true },
      PackageRecId: { sql: "t.package_id", type: "int" },
      PackageName: { sql: "t.package_name", type: "text", search: true, sort: true },
      PackageVersion: { sql: "t.package_version", type: "text" },
      EnvironmentRecId: { sql: "t.environment_id", type: "int" },
      EnvironmentName: { sql: "e.name", type: "text", search: true, sort: true },
      Status: { sql: "t.status", type: "text", sort: true },
      Notes: { sql: "t.notes", type: "text", write: "notes", search: true },
      ObjectCount: { sql: "t.object_count", type: "int" },
      DeployedByName: { sql: "db.full_name", type: "text" },
      DeployedAt: { sql: "t.deployed_at", type: "datetime", sort: true },
      ErrorMessage: { sql: "t.error_message", type: "text" },
      ModifiedAt: { sql: "t.modified_at", type: "datetime", sort: true },
    },
    filters: {
      Status: { sql: "t.status", type: "text", op: "eq" },
      EnvironmentRecId: { sql: "t.environment_id", type: "int", op: "eq" },
      ...dateRange("t.deployed_at"),
    },
    touch: { modified_at: "@now" },
    updateWhen: "t.status = 'Pending'",
  },
  fields: {
    PackageRecId: { schema: ref("Package."), required: true, createOnly: true },
    EnvironmentRecId: { schema: ref("Environment."), required: true, createOnly: true },
    Notes: { schema: longText(2000) },
  },
  filters: { Status: oneOf(DEPLOYMENT_STATUSES), EnvironmentRecId: ref(), DateFrom: date(), DateTo: date() },
  update: true,
  refused: { update: "Only pending deployments can be edited." },
  transitions: [
    {
      name: "Retry",
      change: {
        when: "t.status = 'Failed'",
        set: { status: "'Pending'", error_message: "NULL", modified_at: "@now" },
        also: [
          `INSERT INTO deployment_log_lines (deployment_id, at, severity, message)
           VALUES (@key, @now, 2, 'Queued again by staff. ${NO_TRANSPORT}: it stays pending until one is.')`,
        ],
      },
      refused: "Only failed deployments can be retried.",
    },
  ],
};

/** Registers the distribution screens. */
export function registerDistributionRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  registerAdminResource(api, context, guards, environments);
  registerAdminResource(api, context, guards, deployments);
  const { store } = context;
  const write = [guards.session, guards.admin("ObjectDeployments", "Write")];
  const params = keyParams("int");
  const notConfigured = (what: string) =>
    new UpstreamError(422, "ExternalSystemNotConfigured", `${what}: ${NO_TRANSPORT}.`);

  api.post(
    "/Admin/ObjectDeployments",
    { onRequest: write, schema: { body: bodySchemas(deployments.fields ?? {}).create } },
    async (request, reply) => {
      const call = adminCall(request, context);
      const body = request.body as { PackageRecId: number; EnvironmentRecId: number; Notes?: string | null };
      const item = await store.admin.records.get(packageManager.spec, body.PackageRecId, call.at);
      if (item?.ItemType !== "Package") throw badRequest("InvalidReference", "Choose a package.");
      const environment = await store.admin.records.get(environments.spec, body.EnvironmentRecId, call.at);
      if (environment?.IsActive !== true)
        throw badRequest("InvalidReference", "Choose an active environment.");
      const id = await store.admin.jobs.createDeployment(
        {
          packageId: body.PackageRecId,
          environmentId: body.EnvironmentRecId,
          notes: body.Notes ?? null,
          logLine: `Deployment of ${String(item.Name)} ${String(item.Version)} to ${String(environment.Name)} (${String(environment.Url)}) recorded. ${NO_TRANSPORT}: it stays pending until one is.`,
        },
        call.caller.user.recId,
        call.at.now,
      );
      await auditChange(call, "AdminObjectDeploymentsCreate", `Deployment ${id} recorded.`, {
        DeploymentRecId: id,
      });
      return reply
        .status(201)
        .send((await store.admin.records.get(deployments.spec, id, call.at)) as AdminRow);
    },
  );

  api.post(
    "/Admin/ObjectDeployments/:key/Rollback",
    { onRequest: write, schema: { params } },
    async (request) => {
      const call = adminCall(request, context);
      const row = await store.admin.records.get(
        deployments.spec,
        (request.params as { key: number }).key,
        call.at,
      );
      if (!row) throw notFound("Deployment");
      if (row.Status !== "Succeeded")
        throw conflict("Conflict", "Only succeeded deployments can be rolled back.");
      throw notConfigured(`Rolling back ${String(row.PackageName)} on ${String(row.EnvironmentName)}`);
    },
  );

  api.get(
    "/Admin/ObjectDeployments/:key/Log",
    { onRequest: [guards.session, guards.admin("ObjectDeployments", "Read")], schema: { params } },
    async (request) => {
      const lines = await store.admin.jobs.logLines("deployment", (request.params as { key: number }).key);
      if (!lines) throw notFound("Deployment");
      return lines.map((line) => ({
        Date: new Date(line.at).toISOString(),
        Severity: line.severity,
        Message: line.message,
      }));
    },
  );

  api.post(
    "/Admin/DistributionEnvironments/:key/Test",
    { onRequest: [guards.session, guards.admin("DistributionEnvironments", "Read")], schema: { params } },
    async (request) => {
      const call = adminCall(request, context);
      const row = await store.admin.records.get(
        environments.spec,
        (request.params as { key: number }).key,
        call.at,
      );
      if (!row) throw notFound("Environment");
      throw notConfigured(`Testing ${String(row.Url)}`);
    },
  );
}
