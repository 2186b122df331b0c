import { useTranslation } from "react-i18next";
import "./widgets.css";

/**
 * The visible state of a widget that cannot be drawn: its kind is unknown to the widgets manifest,
 * disabled there, or drawn by a renderer this build does not have. Never a blank space.
 */
export function WidgetUnavailable({ kind }: { kind: string }) {
  const { t } = useTranslation();
  return (
    <div className="widget-state widget-state--unavailable">
      <p className="widget-state__title">{t("Widget_KindUnavailable")}</p>
      <p className="widget-state__text">{t("Widget_KindUnavailableText", { kind })}</p>
    </div>
  );
}
