/**
 * The preview of the account's shell on the branding tab: a small top menu bar and navigation strip
 * in the light and the dark theme side by side, drawn on that theme's tokens (data-theme-preview,
 * runtime/theme/tokens.css) with the form's colours as the page would show them once saved — the
 * primary filling the bar under white, the accent as chosen in light and as its dark-theme tone in
 * dark (account-brand-model.ts previewColours). A picture: its parts are not controls, and the
 * figure's caption names it.
 */
import { type CSSProperties, useId } from "react";
import { useTranslation } from "react-i18next";
import { HelpIcon, MenuIcon, UserIcon } from "../../shell/shell-icons.tsx";
import { type BrandColoursForm, previewColours } from "./account-brand-model.ts";

/** Props: the form's colours and the title the bar shows. */
export interface AccountBrandPreviewProps {
  form: BrandColoursForm;
  title: string;
  /** The level of the preview's heading (default 3, under the editor's h2). */
  headingLevel?: 3 | 4 | 5;
}

const THEMES = ["light", "dark"] as const;

/** The custom properties one theme's preview sets over its tokens. */
function previewStyle(form: BrandColoursForm, theme: (typeof THEMES)[number]): CSSProperties {
  const colours = previewColours(form, theme);
  const style: Record<string, string> = {};
  if (colours.bar) {
    style["--preview-bar-bg"] = colours.bar;
    style["--preview-bar-fg"] = "#ffffff";
  }
  if (colours.accent) {
    style["--color-accent"] = colours.accent;
    style["--color-focus"] = colours.accent;
  }
  return style as CSSProperties;
}

/** Both themes' previews. */
export function AccountBrandPreview({ form, title, headingLevel = 3 }: AccountBrandPreviewProps) {
  const { t } = useTranslation();
  const Heading = `h${headingLevel}` as const;
  const headingId = useId();
  return (
    <section className="account-brand-preview" aria-labelledby={headingId}>
      <Heading id={headingId} className="account-brand__subheading">
        {t("Branding_Preview")}
      </Heading>
      <div className="account-brand-preview__themes">
        {THEMES.map((theme) => (
          <figure
            key={theme}
            className="account-brand-preview__theme"
            data-theme-preview={theme}
            style={previewStyle(form, theme)}
          >
            <figcaption className="account-brand-preview__caption">
              {t(`Branding_Preview_${theme}`)}
            </figcaption>
            <div className="account-brand-preview__shell" aria-hidden="true">
              <div className="account-brand-preview__bar">
                <span className="account-brand-preview__start">
                  <MenuIcon />
                  <span className="account-brand-preview__title">{title}</span>
                </span>
                <span className="account-brand-preview__end">
                  <HelpIcon />
                  <UserIcon />
                </span>
              </div>
              <div className="account-brand-preview__nav">
                <span className="account-brand-preview__nav-item account-brand-preview__nav-item--current">
                  {t("Branding_PreviewNavHome")}
                </span>
                <span className="account-brand-preview__nav-item">{t("Branding_PreviewNavDashboards")}</span>
                <span className="account-brand-preview__nav-item">{t("Branding_PreviewNavReports")}</span>
              </div>
              <div className="account-brand-preview__body">
                <span className="account-brand-preview__link">{t("Branding_PreviewLink")}</span>
                <span className="account-brand-preview__button">{t("Branding_PreviewButton")}</span>
              </div>
            </div>
          </figure>
        ))}
      </div>
    </section>
  );
}
