/**
 * Downloads of §7: the account logo (public by its UID, with ForcePrimary), user avatars, export
 * files ({webservices}/File/{type}/{uid}) and invoices (invoice/{number}).
 */
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { forbidden, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { uidSchema } from "../http/schemas.ts";
import { adminGrants } from "../identity/admin-modules.ts";
import { featureIncluded } from "../identity/features.ts";
import { grants } from "../identity/permission-string.ts";
import { FILE_ITEM_TYPES } from "../store/records-content.ts";
import { initialsAvatarSvg } from "./avatar-svg.ts";
import { contentDisposition } from "./content-disposition.ts";
import { renderInvoicePdf } from "./invoice-document.ts";
import { sendStoredFile } from "./send-stored-file.ts";
import { rasterImageType, SERVED_FILE_CSP } from "./served-file-type.ts";

const logoParams = {
  type: "object",
  properties: { logoUid: uidSchema },
  required: ["logoUid"],
  additionalProperties: false,
} as const;
const logoHeaders = {
  type: "object",
  properties: { forceprimary: { enum: ["true", "false", "1", "0"], description: "Serve the primary logo." } },
} as const;
const avatarParams = {
  type: "object",
  properties: { userUID: uidSchema },
  required: ["userUID"],
  additionalProperties: false,
} as const;
const fileParams = {
  type: "object",
  properties: {
    fileSystemItemType: { enum: FILE_ITEM_TYPES, description: "Kind of stored file." },
    fileUID: uidSchema,
  },
  required: ["fileSystemItemType", "fileUID"],
  additionalProperties: false,
} as const;
const invoiceParams = {
  type: "object",
  properties: {
    invoiceNumber: {
      type: "string",
      pattern: "^[A-Za-z0-9][A-Za-z0-9-]{0,39}$",
      description: "Invoice number.",
    },
  },
  required: ["invoiceNumber"],
  additionalProperties: false,
} as const;

/** Registers the webservices downloads (logo, avatar, files). */
export function registerWebserviceFileRoutes(
  ws: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const { store } = context;

  // Public: logos show on the login page of white-label domains; the random UID is the capability.
  ws.get(
    "/account/logo/:logoUid",
    { schema: { params: logoParams, headers: logoHeaders } },
    async (request, reply) => {
      const { logoUid } = request.params as { logoUid: string };
      const forcePrimary = ["true", "1"].includes(String(request.headers.forceprimary ?? ""));
      const account = await store.accounts.resolveByLogoUid(logoUid);
      if (!account || account.disabled) throw notFound("Logo");
      const menuLogo = forcePrimary ? undefined : await store.accounts.logo(account.recId, "Menu");
      const logo = menuLogo ?? (await store.accounts.logo(account.recId, "Primary"));
      if (!logo) throw notFound("Logo");
      const etag = `"${createHash("sha256").update(logo.data).digest("base64url").slice(0, 22)}"`;
      reply
        .header("Vary", "ForcePrimary")
        .header("ETag", etag)
        .header("Cache-Control", "public, max-age=300");
      if (request.headers["if-none-match"] === etag) return reply.status(304).send();
      // Typed by its bytes like every uploaded file, whatever type was stored with it.
      return sendStoredFile(reply, logo.data, "logo");
    },
  );

  ws.get(
    "/user/avatar/:userUID",
    { onRequest: [guards.session], schema: { params: avatarParams } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { userUID } = request.params as { userUID: string };
      let user = await store.users.getByUid(caller.account.recId, userUID);
      if (!user) {
        // Support agents answer members in the chat, so their avatars are visible to every member.
        const system = await store.accounts.resolveSystemAccount();
        const agent = system ? await store.users.getByUid(system.recId, userUID) : undefined;
        if (agent?.isInternalSupport) user = agent;
      }
      if (!user) throw notFound("User");
      // The sandboxing policy of every served file: even the generated SVG opened directly runs nothing.
      reply
        .header("Cache-Control", "private, max-age=300")
        .header("Content-Security-Policy", SERVED_FILE_CSP);
      const avatar = user.hasAvatar ? await store.users.avatar(user.accountId, user.recId) : undefined;
      // An uploaded avatar shows only when its bytes are a raster image; otherwise the initials do.
      if (avatar && rasterImageType(avatar.data)) return sendStoredFile(reply, avatar.data, "avatar");
      return reply.type("image/svg+xml").send(initialsAvatarSvg(user.fullName, user.uid));
    },
  );

  ws.get(
    "/File/:fileSystemItemType/:fileUID",
    { onRequest: [guards.session], schema: { params: fileParams } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { fileSystemItemType, fileUID } = request.params as {
        fileSystemItemType: string;
        fileUID: string;
      };
      const file = await store.files.get(caller.account.recId, fileUID);
      if (!file || file.itemType !== fileSystemItemType) throw notFound("File");
      if (file.itemType === "Export" && file.ownerUserId !== caller.user.recId) throw notFound("File");
      if (file.itemType === "ChatAttachment") throw notFound("File"); // served by supportchat/file
      if (file.itemType === "Media") {
        if (!featureIncluded(caller.features, "DocumentsAndMedia"))
          throw forbidden("FeatureNotIncluded", "The subscription does not include DocumentsAndMedia.");
        if (!grants(caller.permissions, "MediaManager", "r"))
          throw forbidden("PermissionDenied", "This needs the MediaManager permission (r).");
      }
      if (file.expiresAt !== null && file.expiresAt <= context.now()) throw notFound("File");
      const data = await store.files.content(caller.account.recId, fileUID);
      if (!data) throw notFound("File");
      // Exports keep the data type the upstream wrote them with; anything else is typed by its bytes.
      return sendStoredFile(reply.header("Cache-Control", "private, no-store"), data, file.name, {
        allowInline: false,
        generatedType: file.itemType === "Export" ? file.contentType : undefined,
      });
    },
  );
}

/** Registers invoice/{invoiceNumber} under the application base. */
export function registerInvoiceRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  const { store } = context;
  api.get(
    "/invoice/:invoiceNumber",
    { onRequest: [guards.session], schema: { params: invoiceParams } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { invoiceNumber } = request.params as { invoiceNumber: string };
      let invoice: Awaited<ReturnType<typeof store.invoices.getByNumber>>;
      if (caller.isStaff && adminGrants(caller.adminPermissions, "Invoices", "Read")) {
        invoice = await store.invoices.getByNumberForAdmin(invoiceNumber);
      } else {
        if (!grants(caller.permissions, "BillingAndSubscription", "r")) {
          throw forbidden("PermissionDenied", "This needs the BillingAndSubscription permission (r).");
        }
        invoice = await store.invoices.getByNumber(caller.account.recId, invoiceNumber);
      }
      if (!invoice) throw notFound("Invoice");
      const account = await store.accounts.get(invoice.accountId);
      if (!account) throw notFound("Invoice");
      return reply
        .header("Content-Disposition", contentDisposition("inline", `${invoice.number}.pdf`))
        .header("Cache-Control", "private, no-store")
        .type("application/pdf")
        .send(renderInvoicePdf(invoice, account));
    },
  );
}
