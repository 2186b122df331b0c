/**
 * The building blocks of the public and account screens: the page (product name — or a white-label
 * sign-in domain's title, §6 — heading that takes
 * the focus when the step changes), the form's alert (role=alert, focusable), the submit button with
 * its busy state, and a labelled group of links.
 */
import { type ReactNode, type Ref, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useDomainBranding, useProductName } from "../../shell/use-document-branding.ts";
import { useStore } from "../../state/create-store.ts";
import { useManifest } from "../../state/manifest-context.tsx";
import { manifestStore } from "../../state/manifest-store.ts";
import type { AuthFailure } from "./auth-errors.ts";
import { readQueryDomain } from "./auth-rules.ts";
import "../../components/kit.css";
import "./auth.css";

/** Whether a page of this kind was already shown since the document loaded. */
let anyAuthPageShown = false;

/** The manifest in force: the one reloaded after sign-in or sign-out, else the one the page booted with. */
export function useCurrentManifest() {
  const booted = useManifest();
  return useStore(manifestStore, (s) => s.manifest) ?? booted;
}

/** Props of an AuthPage. */
export interface AuthPageProps {
  /** The heading's text key. */
  titleKey: string;
  /** Changes when the page shows another step (a form, then "check your e-mail"): the heading takes the focus. */
  stepKey?: string;
  /** Shows the product name above the heading (public pages, which have no top bar). */
  product?: boolean;
  /** The page moves the focus itself between steps (e.g. to a code field); the heading takes it only on arrival. */
  manageFocus?: boolean;
  children: ReactNode;
}

/** A centred card with the product name (§6: or the white-label title) and the page's heading. */
export function AuthPage({
  titleKey,
  stepKey = "",
  product = true,
  manageFocus = false,
  children,
}: AuthPageProps) {
  const { t } = useTranslation();
  const { shell } = useCurrentManifest();
  const location = useLocation();
  // §6: once the page knows the sign-in domain (mail links name it), a white-label account's title
  // stands where the product name would.
  useDomainBranding(readQueryDomain(location.search));
  const productName = useProductName(shell);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const mounted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus follows the step, which is what stepKey names
  useEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    const firstOfPage = !anyAuthPageShown;
    anyAuthPageShown = true;
    // On arrival only when nothing holds the focus (it was on the page that just went away), and
    // never on the page's first screen: there the skip link stays the first Tab stop.
    if (first && (firstOfPage || (document.activeElement && document.activeElement !== document.body)))
      return;
    if (!first && manageFocus) return;
    heading.current?.focus();
  }, [stepKey, manageFocus]);
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby={headingId}>
        {product && productName ? <p className="auth-card__product">{productName}</p> : null}
        <h1 id={headingId} ref={heading} tabIndex={-1} className="auth-card__title">
          {t(titleKey)}
        </h1>
        {children}
      </section>
    </div>
  );
}

/** The form's alert: empty until a failure, then announced (role=alert) and focusable. */
export function FormAlert({ failure, ref }: { failure: AuthFailure | null; ref?: Ref<HTMLDivElement> }) {
  const { t } = useTranslation();
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className={failure ? "auth-alert" : "auth-alert auth-alert--empty"}
    >
      {failure ? <p className="auth-alert__text">{t(failure.key)}</p> : null}
      {failure?.fallbackMessage ? <p className="auth-alert__detail">{failure.fallbackMessage}</p> : null}
    </div>
  );
}

/** The submit button: disabled with its busy text while the form is submitted. */
export function SubmitButton({
  busy,
  labelKey,
  busyKey,
}: {
  busy: boolean;
  labelKey: string;
  busyKey: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      className="kit-button kit-button--primary auth-submit"
      disabled={busy}
      // §5 validates a field when it loses the focus; the error that appears would move this button
      // from under the pointer between press and release and lose the click. Keeping the focus where
      // it is until the click lands avoids that; the submit then checks every field and focuses.
      onMouseDown={(event) => event.preventDefault()}
    >
      {busy ? t(busyKey) : t(labelKey)}
    </button>
  );
}

/** One link of an AuthLinks group. */
export interface AuthLink {
  to: string;
  labelKey: string;
  /** A full page load (the manifest and session are fetched again). */
  reloadDocument?: boolean;
  onClick?: () => void;
}

/** A labelled group of in-app links below a form. */
export function AuthLinks({ labelKey, links }: { labelKey: string; links: readonly AuthLink[] }) {
  const { t } = useTranslation();
  if (links.length === 0) return null;
  return (
    <nav className="auth-links" aria-label={t(labelKey)}>
      <ul className="auth-links__list">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              reloadDocument={link.reloadDocument}
              onClick={link.onClick}
              className="auth-link"
            >
              {t(link.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** How an outcome reads: done, for information, or a problem the user can work around. */
export type OutcomeTone = "success" | "info" | "warning";

/** A settled outcome ("check your e-mail", "password changed"): a status message and what to do next. */
export function AuthOutcome({
  messageKey,
  params,
  tone = "success",
  children,
}: {
  messageKey: string;
  params?: Record<string, string>;
  tone?: OutcomeTone;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="auth-outcome">
      <p role="status" className={`auth-outcome__message auth-outcome__message--${tone}`}>
        {t(messageKey, params)}
      </p>
      {children}
    </div>
  );
}
