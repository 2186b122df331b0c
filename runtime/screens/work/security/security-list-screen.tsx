/**
 * The security lists of §2.2 (/users, /teams, /roles, /menus): one renderer kind, `securityList`,
 * whose route names the object type (User, Team, Role or Menu) in `screen.objectTypes`.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../../renderers/screen-props.ts";
import { ScreenHeader } from "../common/list-parts.tsx";
import { MenusPanel } from "./menus-panel.tsx";
import { RolesPanel } from "./roles-panel.tsx";
import { TeamsPanel } from "./teams-panel.tsx";
import { UsersPanel } from "./users-panel.tsx";
import "../common/work.css";
import "./security.css";

/** The object types this renderer knows, with their default titles. */
const TITLES: Readonly<Record<string, string>> = {
  User: "PageTitle_Users",
  Team: "PageTitle_Teams",
  Role: "PageTitle_Roles",
  Menu: "PageTitle_Menus",
};

/** The security list screen for the route's object type. */
export default function SecurityListScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const type = route.screen?.objectTypes?.[0] ?? "";
  const title = t(route.titleKey ?? TITLES[type] ?? "PageTitle_Users");
  return (
    <section className="work-screen" aria-labelledby={headingId}>
      <ScreenHeader id={headingId} title={title} />
      {type === "User" ? <UsersPanel headingId={headingId} /> : null}
      {type === "Team" ? <TeamsPanel headingId={headingId} /> : null}
      {type === "Role" ? <RolesPanel headingId={headingId} /> : null}
      {type === "Menu" ? <MenusPanel /> : null}
      {!Object.hasOwn(TITLES, type) ? <p role="alert">{t("Security_UnknownType", { type })}</p> : null}
    </section>
  );
}
