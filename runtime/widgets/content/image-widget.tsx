/**
 * The image widget: Settings.Url when it is an https address or a path on this origin
 * (image-url.ts), described by Settings.Alt; a picture without alternative text is marked
 * decorative (alt=""), which is what an empty Alt says.
 */
import { useTranslation } from "react-i18next";
import type { WidgetRendererProps } from "../widget-props.ts";
import { imageSource } from "./image-url.ts";

/** An image. */
export default function ImageWidget({ settings }: WidgetRendererProps) {
  const { t } = useTranslation();
  const source = imageSource(settings.Url, window.location.origin);
  if (!source) {
    return (
      <div className="widget-state">
        <p className="widget-state__title">{t("Widget_ImageNotAllowed")}</p>
        <p className="widget-state__text">{t("Widget_ImageNotAllowedText")}</p>
      </div>
    );
  }
  const alt = typeof settings.Alt === "string" ? settings.Alt.trim() : "";
  return (
    <div className="widget-image">
      <img src={source} alt={alt} loading="lazy" decoding="async" referrerPolicy="no-referrer" />
    </div>
  );
}
