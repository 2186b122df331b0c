/**
 * The account's custom menu (DESIGN.md §3 account layer, §6 "A menu … is configurable"):
 * `GET`/`PUT Account/Menu` for the /menus editor (Menus r / rw), and `GET Common/AccountMenu`, the
 * same layout for any signed-in member of the account — the gateway reads it with the session's
 * credentials to apply the layer to every member's menus manifest (hiding a link is not a secret:
 * every member sees its effect). A save is announced to the account's open browsers
 * (account-refresh.ts), so they show the new menu without reloading.
 */
import type { FastifyInstance } from "fastify";
import { type AccountMenuUpdate, accountMenuUpdateSchema } from "../../../schemas/payloads/account-menu.ts";
import { audit } from "../admin/audit.ts";
import type { UpstreamContext } from "../context.ts";
import { badRequest } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import type { MenuLayoutRecord } from "../store/types/account-settings.ts";
import { announceAccountChange } from "./account-refresh.ts";
import { checkMenuLayout } from "./custom-menu.ts";

const { $id: _menuId, ...menuBody } = accountMenuUpdateSchema;

/** The API shape of a stored layout (an account that never saved one has version 0). */
function menuAnswer(layout: MenuLayoutRecord | undefined) {
  if (!layout) return { Sections: [], Version: 0, ModifiedAt: null };
  return {
    Sections: Array.isArray(layout.definition) ? layout.definition : [],
    Version: layout.version,
    ModifiedAt: new Date(layout.modifiedAt).toISOString(),
  };
}

/** Registers Account/Menu and Common/AccountMenu under the application base. */
export function registerAccountMenuRoutes(
  api: FastifyInstance,
  context: UpstreamContext,
  guards: Guards,
): void {
  const { store } = context;

  const read = async (accountId: number) => menuAnswer(await store.accountSettings.menuLayout(accountId));

  api.get("/Common/AccountMenu", { onRequest: [guards.session] }, async (request) =>
    read(callerOf(request).account.recId),
  );

  api.get(
    "/Account/Menu",
    { onRequest: [guards.session, guards.permission("Menus", "r")] },
    async (request) => read(callerOf(request).account.recId),
  );

  api.put(
    "/Account/Menu",
    { onRequest: [guards.session, guards.permission("Menus", "rw")], schema: { body: menuBody } },
    async (request) => {
      const caller = callerOf(request);
      const checked = checkMenuLayout((request.body as AccountMenuUpdate).Sections);
      if ("error" in checked) throw badRequest("InvalidMenuLayout", checked.error);
      const actor = caller.impersonator?.user ?? caller.user;
      const layout = await store.accountSettings.setMenuLayout(
        caller.account.recId,
        checked.sections,
        caller.user.recId,
        context.now(),
      );
      await audit(context, {
        action: "AccountMenuChanged",
        message: `Custom menu of ${caller.account.domain} saved (version ${layout.version}).`,
        actor,
      });
      announceAccountChange(context, caller.account.recId);
      return menuAnswer(layout);
    },
  );
}
