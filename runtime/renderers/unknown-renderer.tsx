import { useTranslation } from "react-i18next";

/** The visible fallback for a kind nobody registered: says which, never a blank page. */
export function UnknownRenderer({ kind }: { kind: string }) {
  const { t } = useTranslation();
  return (
    <section className="unknown-renderer" role="alert" aria-live="polite">
      <h1>{t("Renderer_Unknown_Title")}</h1>
      <p>{t("Renderer_Unknown_Text", { kind })}</p>
    </section>
  );
}
