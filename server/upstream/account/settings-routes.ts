/**
 * The account's own settings (§2.2): `GET`/`PUT Account/Settings` with AccountSettings r / rw —
 * name, menu logo style and title (§6), the shell's brand colours (held to WCAG 2.2 AA by
 * brand-colours.ts), the 2FA policy, help links and the embedding allow-list.
 * Domain, white-label flag and subscription are shown but not changeable here. LoggedInConfig reads
 * the same accounts row, so the next session read reflects a change.
 */
import type { FastifyInstance } from "fastify";
import {
  type AccountSettingsUpdate,
  accountSettingsUpdateSchema,
} from "../../../schemas/payloads/account-settings.ts";
import { audit } from "../admin/audit.ts";
import type { Caller } from "../auth/session-service.ts";
import type { UpstreamContext } from "../context.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { grants } from "../identity/permission-string.ts";
import type { AccountRecord } from "../store/records.ts";
import { announceAccountChange } from "./account-refresh.ts";
import { checkedBrandColours } from "./brand-colours.ts";
import { canonicalEmbeddingOrigins } from "./embedding-origins.ts";

const { $id: _settingsId, ...settingsBody } = accountSettingsUpdateSchema;

/** The settings answer of §3's account fields for `account`, as `caller` sees it. */
export function accountSettingsBody(account: AccountRecord, origins: readonly string[], caller: Caller) {
  return {
    AccountRecId: account.recId,
    Name: account.name,
    Domain: account.domain,
    DomainType: account.domainType,
    IsWhiteLabel: account.isWhiteLabel,
    SubscriptionType: account.subscriptionType,
    MenuLogoStyle: account.menuLogoStyle,
    MenuDisplayTitleType: account.menuTitleType,
    MenuTitle: account.menuTitle,
    TwoFactorAuthenticationPolicy: account.twoFactorPolicy,
    ShowHelpLinks: account.showHelpLinks,
    BrandPrimaryColor: account.brandPrimaryColor,
    BrandAccentColor: account.brandAccentColor,
    EmbeddingOrigins: [...origins],
    LogoUID: account.hasPrimaryLogo || account.hasMenuLogo ? account.logoUid : null,
    PrimaryLogoIsSet: account.hasPrimaryLogo,
    MenuLogoIsSet: account.hasMenuLogo,
    CanEdit: grants(caller.permissions, "AccountSettings", "rw"),
  };
}

/** Registers Account/Settings under the application base. */
export function registerAccountSettingsRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const { store } = context;

  api.get(
    "/Account/Settings",
    { onRequest: [guards.session, guards.permission("AccountSettings", "r")] },
    async (request) => {
      const caller = callerOf(request);
      const account = await store.accounts.get(caller.account.recId);
      if (!account) throw notFound("Account");
      const origins = await store.accountSettings.embeddingOrigins(account.recId);
      return accountSettingsBody(account, origins, caller);
    },
  );

  api.put(
    "/Account/Settings",
    {
      onRequest: [guards.session, guards.permission("AccountSettings", "rw")],
      schema: { body: settingsBody },
    },
    async (request) => {
      const caller = callerOf(request);
      const body = request.body as AccountSettingsUpdate;
      const name = body.Name.trim();
      if (name === "") throw badRequest("InvalidRequest", "Name is required.");
      const menuTitle = body.MenuTitle.trim();
      if (body.MenuDisplayTitleType === "Custom" && menuTitle === "") {
        throw badRequest("InvalidRequest", "MenuTitle is required when the title is custom.");
      }
      const origins = canonicalEmbeddingOrigins(body.EmbeddingOrigins);
      if ("error" in origins) throw badRequest("InvalidEmbeddingOrigin", origins.error);
      const before = caller.account;
      const colours = checkedBrandColours(
        { primary: body.BrandPrimaryColor, accent: body.BrandAccentColor },
        { primary: before.brandPrimaryColor, accent: before.brandAccentColor },
      );
      const account = await store.accountSettings.update(caller.account.recId, {
        name,
        menuLogoStyle: body.MenuLogoStyle,
        menuTitleType: body.MenuDisplayTitleType,
        menuTitle,
        twoFactorPolicy: body.TwoFactorAuthenticationPolicy,
        showHelpLinks: body.ShowHelpLinks,
        brandPrimaryColor: colours.primary,
        brandAccentColor: colours.accent,
        embeddingOrigins: origins.origins,
      });
      if (!account) throw notFound("Account");
      await audit(context, {
        action: "AccountSettingsChanged",
        message: `Account settings of ${account.domain} changed.`,
        actor: caller.impersonator?.user ?? caller.user,
        details: {
          twoFactorPolicy: [before.twoFactorPolicy, account.twoFactorPolicy],
          brandPrimaryColor: [before.brandPrimaryColor, account.brandPrimaryColor],
          brandAccentColor: [before.brandAccentColor, account.brandAccentColor],
          embeddingOrigins: origins.origins,
        },
      });
      // Title, logo style, colours, help links and the 2FA policy are session data: open browsers reload it.
      announceAccountChange(context, account.recId);
      return accountSettingsBody(account, origins.origins, caller);
    },
  );
}
