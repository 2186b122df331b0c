/**
 * /menus (§2.2 Security): the account's menu, read-only. The upstream offers no call to read or
 * change an account's custom menu, so this shows the navigation menu as it applies to the
 * signed-in user (the resolved menus manifest, §2.5) and says that editing is not available.
 */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useManifest } from "../../../boot/manifest-context.tsx";
import { UnavailableNotice } from "../common/list-parts.tsx";

/** The read-only menu list. */
export function MenusPanel() {
  const { t } = useTranslation();
  const menus = useManifest().menus;
  const sections = menus?.main.sections ?? [];
  return (
    <>
      <UnavailableNotice text={t("Menus_ReadOnlyNotice")} />
      <div className="security-menu">
        {sections.map((section) => (
          <section key={section.id} className="work-panel" aria-labelledby={`menu-section-${section.id}`}>
            <h2 id={`menu-section-${section.id}`} className="work-section-title">
              {t(section.titleKey)}
            </h2>
            <ul>
              {section.links.map((link) => (
                <li key={link.id}>
                  <Link className="work-link" to={link.link}>
                    {t(link.textKey)}
                  </Link>{" "}
                  <span className="work-muted">({t(`Permission_${link.key}`)})</span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
