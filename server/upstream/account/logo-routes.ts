/**
 * The account logos (§3 AccountLogoUID / AccountMenuLogoIsSet, §6 logo rules): an owner
 * uploads or removes the primary and the menu logo — `PUT Account/Settings/Logo/{Primary|Menu}`
 * (multipart, the image in `file[]` as every §7 upload) and `DELETE` of the same path, with
 * AccountSettings rw. The logos are read with the existing §7 call
 * `{webservices}/account/logo/{logoUid}`; each change issues a new logo UID so cached copies of the
 * old image are never shown under the new one. Only PNG, JPEG, GIF and WebP images are stored,
 * recognised by their bytes (never SVG: no script can ride in a logo).
 */
import type { FastifyInstance } from "fastify";
import { audit } from "../admin/audit.ts";
import { readUploads } from "../admin/uploads.ts";
import type { UpstreamContext } from "../context.ts";
import { rasterImageType } from "../files/served-file-type.ts";
import { uploadBodyLimit } from "../http/body-limits.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { announceAccountChange } from "./account-refresh.ts";
import { accountSettingsBody } from "./settings-routes.ts";

/** Largest logo accepted. */
export const ACCOUNT_LOGO_MAX_BYTES = 512 * 1024;

const kindParams = {
  type: "object",
  properties: { kind: { enum: ["Primary", "Menu"], description: "Which logo." } },
  required: ["kind"],
  additionalProperties: false,
} as const;

/** The image type of `data` by its signature, or null when it is none of the accepted ones. */
export function logoContentType(data: Buffer): string | null {
  return rasterImageType(data);
}

/** Registers the logo upload and removal under the application base. */
export function registerAccountLogoRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const { store } = context;
  const write = [guards.session, guards.permission("AccountSettings", "rw")];

  api.put(
    "/Account/Settings/Logo/:kind",
    { onRequest: write, schema: { params: kindParams }, bodyLimit: uploadBodyLimit(ACCOUNT_LOGO_MAX_BYTES) },
    async (request) => {
      const caller = callerOf(request);
      const { kind } = request.params as { kind: "Primary" | "Menu" };
      const [file] = await readUploads(request, {
        accept: ["png", "jpg", "jpeg", "gif", "webp"],
        maxBytes: ACCOUNT_LOGO_MAX_BYTES,
        maxFiles: 1,
      });
      const contentType = file ? logoContentType(file.data) : null;
      if (!file || !contentType) {
        throw badRequest("UnsupportedFileType", "The logo must be a PNG, JPEG, GIF or WebP image.");
      }
      const account = await store.accountSettings.replaceLogo(caller.account.recId, kind, {
        contentType,
        data: file.data,
        updatedAt: context.now(),
      });
      if (!account) throw notFound("Account");
      await audit(context, {
        action: "AccountLogoChanged",
        message: `${kind} logo of ${account.domain} replaced.`,
        actor: caller.impersonator?.user ?? caller.user,
      });
      // The logo is session data (AccountLogoUID, AccountMenuLogoIsSet): open browsers reload it.
      announceAccountChange(context, account.recId);
      const origins = await store.accountSettings.embeddingOrigins(account.recId);
      return accountSettingsBody(account, origins, caller);
    },
  );

  api.delete(
    "/Account/Settings/Logo/:kind",
    { onRequest: write, schema: { params: kindParams } },
    async (request) => {
      const caller = callerOf(request);
      const { kind } = request.params as { kind: "Primary" | "Menu" };
      const existing = await store.accounts.logo(caller.account.recId, kind);
      if (!existing) throw notFound("Logo");
      const account = await store.accountSettings.replaceLogo(caller.account.recId, kind, null);
      if (!account) throw notFound("Account");
      await audit(context, {
        action: "AccountLogoChanged",
        message: `${kind} logo of ${account.domain} removed.`,
        actor: caller.impersonator?.user ?? caller.user,
      });
      announceAccountChange(context, account.recId);
      const origins = await store.accountSettings.embeddingOrigins(account.recId);
      return accountSettingsBody(account, origins, caller);
    },
  );
}
