/** Dates and sizes of the content screens in the UI language. */
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../forms/file-rules.ts";

/** An ISO time as a medium date with a short time in `locale`; "" when missing or malformed. */
export function formatDateTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return "";
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(time);
}

/** Formatters bound to the current UI language. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const dateTime = useCallback((iso: string | null | undefined) => formatDateTime(iso, locale), [locale]);
  const bytes = useCallback((size: number) => formatBytes(size, locale), [locale]);
  return { dateTime, bytes };
}
