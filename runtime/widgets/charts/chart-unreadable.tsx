import { useTranslation } from "react-i18next";

/** A result a chart cannot draw (no dimension or no measure): says so instead of an empty drawing. */
export function ChartUnreadable() {
  const { t } = useTranslation();
  return (
    <div className="widget-state">
      <p className="widget-state__title">{t("Widget_ShapeUnsupported")}</p>
      <p className="widget-state__text">{t("Widget_ShapeUnsupportedText")}</p>
    </div>
  );
}
