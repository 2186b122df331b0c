import { useTranslation } from "react-i18next";

/**
 * Prints the page: the browser's print with the viewers' print stylesheet (analytics.css: no shell
 * chrome, no controls, widgets whole), charts redrawn for the paper (echarts-chart.tsx).
 */
export function PrintButton() {
  const { t } = useTranslation();
  return (
    <button type="button" className="kit-button" onClick={() => window.print()}>
      {t("Dashboard_Print")}
    </button>
  );
}
