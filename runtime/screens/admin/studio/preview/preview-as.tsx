/**
 * Preview as (DESIGN.md §3 "previewed as a given role/account"; server/gateway/config/README.md
 * `POST /gw/config/preview`): choose an account, then one of its users or a role, a language and a
 * theme; see the shell that person gets with the draft beside the one they get now, and every route,
 * menu entry, dialog and admin screen hidden from them with the gate that hides it. A preview only
 * reads: the drawn shells and first screens are inert, and the calls are the preview, the admin lists
 * and, for a user, the first screen's reads as that user (GET only, preview-client.ts).
 *
 * Staff cannot list an account's roles (the upstream lets only its members read them), so a role is
 * composed from the permission catalogue, with the Included features of the account's subscription
 * when its template can be read; a user is previewed exactly as their own session carries them.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../../components/fields/text-field.tsx";
import type { FieldHandle } from "../../../../components/fields/use-field-error.ts";
import { Select } from "../../../../components/select/select.tsx";
import { debounce } from "../../../../components/timing/rate-limit.ts";
import { apiRequest } from "../../../../http/api-client.ts";
import { ApiError, errorBannerText, UNKNOWN_FAILURE_KEY } from "../../../../http/api-error.ts";
import { useManifest } from "../../../../state/manifest-context.tsx";
import { TYPING_DEBOUNCE_MS } from "../../list-filters.tsx";
import { configApi, type PreviewAnswer } from "../config-client.ts";
import { type Language, STUDIO_LANGUAGES } from "../studio-model.ts";
import {
  groupHidden,
  type HiddenItem,
  hiddenCount,
  hiddenKey,
  hiddenKeysOnlyIn,
  type PreviewHiddenEntry,
  searchHidden,
} from "./hidden-reasons.ts";
import {
  accountsFrom,
  accountsPath,
  choiceProblem,
  includedFeaturesOf,
  PREVIEW_THEMES,
  type PreviewAccount,
  type PreviewChoice,
  type PreviewPerson,
  type PreviewTheme,
  type PreviewUser,
  permissionChoices,
  previewBodies,
  usersFrom,
  usersPath,
} from "./preview-audience.ts";
import { PreviewShell } from "./preview-shell.tsx";
import "./preview-as.css";

/** Props: the change set holding the draft (saved before previewing; null: none yet) and the served version. */
export interface PreviewAsProps {
  changeSetId: number | null;
  servingVersion: number;
}

/** The text of a failed call: its §8 code's text, else the generic text with the service's message. */
function useFailureText() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown) => {
      const banner = errorBannerText(error, (key) => i18n.exists(key));
      if (!banner) return "";
      return banner.fallbackMessage && banner.key === UNKNOWN_FAILURE_KEY
        ? `${t(banner.key)} ${banner.fallbackMessage}`
        : t(banner.key);
    },
    [t, i18n],
  );
}

/** A list the chooser searches as the operator types (debounced, the previous call aborted). */
function useSearchedList<T>(path: ((search: string) => string) | null, parse: (body: unknown) => T[]) {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const pending = useRef<AbortController | null>(null);
  const search = useMemo(
    () =>
      debounce((query: string) => {
        if (!path) return;
        pending.current?.abort();
        const controller = new AbortController();
        pending.current = controller;
        setLoading(true);
        apiRequest(path(query), { signal: controller.signal }).then(
          (body) => {
            setItems(parse(body));
            setError(null);
            setLoading(false);
          },
          (failure: unknown) => {
            if (controller.signal.aborted) return;
            setItems([]);
            setError(failure);
            setLoading(false);
          },
        );
      }, TYPING_DEBOUNCE_MS),
    [path, parse],
  );
  useEffect(() => {
    setItems([]);
    if (path) search("");
    return () => {
      search.cancel();
      pending.current?.abort();
    };
  }, [path, search]);
  return { items, loading, error, search };
}

/** One column's outcome: the answer, a failure, or nothing to preview. */
type ColumnResult = { answer: PreviewAnswer } | { failure: unknown } | { nothing: true };

/** A preview done: the choice it was made for and both columns. */
interface Result {
  choice: PreviewChoice;
  draft: ColumnResult;
  live: ColumnResult;
  atMs: number;
}

const answerOf = (column: ColumnResult | undefined) => (column && "answer" in column ? column.answer : null);

/** Preview as a person of an account, the draft beside what is live, with why each entry is hidden. */
export default function PreviewAs({ changeSetId, servingVersion }: PreviewAsProps) {
  const { t, i18n } = useTranslation();
  const manifest = useManifest();
  const failureText = useFailureText();
  const ids = { person: useId(), results: useId(), hidden: useId(), form: useId() };
  const catalogue = manifest.permissions;

  const [account, setAccount] = useState<PreviewAccount | null>(null);
  const [mode, setMode] = useState<PreviewPerson["kind"]>("user");
  const [user, setUser] = useState<PreviewUser | null>(null);
  const [rolePermissions, setRolePermissions] = useState<string[]>([]);
  const [includedFeatures, setIncludedFeatures] = useState<string[]>([]);
  const [subscription, setSubscription] = useState<"none" | "loading" | "read" | "unreadable">("none");
  const [language, setLanguage] = useState<Language>(() =>
    (STUDIO_LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : "en",
  );
  const [theme, setTheme] = useState<PreviewTheme>("light");
  const [problem, setProblem] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [query, setQuery] = useState("");
  const accountField = useRef<FieldHandle>(null);
  const userField = useRef<FieldHandle>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const inFlight = useRef<AbortController | null>(null);

  const accounts = useSearchedList(accountsPath, accountsFrom);
  const accountRecId = account?.recId ?? null;
  const userListPath = useMemo(
    () => (accountRecId === null ? null : (search: string) => usersPath(accountRecId, search)),
    [accountRecId],
  );
  const users = useSearchedList(userListPath, usersFrom);

  // A role's features default to the account's subscription (its template's Included features).
  const templateRecId = account?.subscriptionTemplateRecId ?? null;
  useEffect(() => {
    if (mode !== "role" || templateRecId === null) {
      setSubscription("none");
      return;
    }
    const controller = new AbortController();
    setSubscription("loading");
    apiRequest(`Admin/SubscriptionTemplates/${templateRecId}`, { signal: controller.signal }).then(
      (template) => {
        setIncludedFeatures(includedFeaturesOf(template, catalogue.features));
        setSubscription("read");
      },
      () => {
        if (!controller.signal.aborted) setSubscription("unreadable");
      },
    );
    return () => controller.abort();
  }, [mode, templateRecId, catalogue.features]);

  useEffect(() => () => inFlight.current?.abort(), []);

  const person: PreviewPerson | null =
    mode === "user"
      ? user
        ? { kind: "user", user }
        : null
      : { kind: "role", rolePermissions, includedFeatures };
  const choice: PreviewChoice = { account, person, language, theme };

  const run = () => {
    const missing = choiceProblem(choice);
    setProblem(missing);
    if (missing) {
      (missing === "StudioPreview_ChooseAccount" ? accountField : userField).current?.focus();
      return;
    }
    const bodies = previewBodies(choice, { changeSetId, servingVersion }, catalogue.features);
    if (!bodies) return;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setRunning(true);
    const column = (body: typeof bodies.live | null): Promise<ColumnResult> =>
      body === null
        ? Promise.resolve({ nothing: true })
        : configApi.preview(body, controller.signal).then(
            (answer) => ({ answer }),
            (failure: unknown) => ({ failure }),
          );
    void Promise.all([column(bodies.draft), column(bodies.live)]).then(([draft, live]) => {
      if (controller.signal.aborted) return;
      setRunning(false);
      setResult({ choice, draft, live, atMs: Date.now() });
      setQuery("");
      // The results take the focus, so a screen reader reads on from what was found.
      requestAnimationFrame(() => resultsHeading.current?.focus());
    });
  };

  const accountOptions = useMemo(
    () => listedOptions(accounts.items, account, (a) => ({ label: a.name, description: a.domain })),
    [accounts.items, account],
  );
  const userOptions = useMemo(
    () => listedOptions(users.items, user, (u) => ({ label: u.fullName, description: u.email })),
    [users.items, user],
  );
  const roleOptions = useMemo(
    () =>
      permissionChoices(catalogue.rolePermissions).map((choice) => ({
        value: choice.value,
        label: t(
          choice.level === "r" ? "StudioPreview_PermissionRead" : "StudioPreview_PermissionReadWrite",
          {
            permission: t(choice.titleKey),
          },
        ),
        description: choice.value,
      })),
    [catalogue.rolePermissions, t],
  );
  const featureOptions = useMemo(
    () => catalogue.features.map((f) => ({ value: f.id, label: t(f.titleKey), description: f.id })),
    [catalogue.features, t],
  );

  const listError = (error: unknown) =>
    error ? (
      <p className="studio-preview-error" role="alert">
        {error instanceof ApiError && error.status === 403
          ? t("StudioPreview_ListRefused")
          : t("StudioPreview_ListFailed", { reason: failureText(error) })}
      </p>
    ) : null;

  return (
    <div className="studio-preview">
      <form
        className="studio-card studio-preview-chooser"
        aria-labelledby={ids.form}
        onSubmit={(event) => {
          event.preventDefault();
          run();
        }}
      >
        <h2 id={ids.form}>{t("StudioPreview_Title")}</h2>
        <p className="studio-hint">{t("StudioPreview_Intro")}</p>
        <div className="studio-preview-fields">
          <div>
            <Select
              ref={accountField}
              uid="studioPreviewAccount"
              label={t("StudioPreview_Account")}
              options={accountOptions}
              value={account ? String(account.recId) : null}
              searchable
              onSearch={accounts.search}
              loading={accounts.loading}
              required
              onChange={(value) => {
                const next =
                  accounts.items.find((a) => String(a.recId) === String(value)) ??
                  (account && String(account.recId) === String(value) ? account : null);
                setAccount(next);
                setUser(null);
                setProblem(null);
              }}
            />
            {listError(accounts.error)}
          </div>
          <fieldset className="studio-preview-mode">
            <legend className="studio-label">{t("StudioPreview_PreviewAs")}</legend>
            {(["user", "role"] as const).map((kind) => (
              <label key={kind} className="studio-preview-radio">
                <input
                  type="radio"
                  name={ids.person}
                  value={kind}
                  checked={mode === kind}
                  onChange={() => {
                    setMode(kind);
                    setProblem(null);
                  }}
                />
                {t(kind === "user" ? "StudioPreview_ModeUser" : "StudioPreview_ModeRole")}
              </label>
            ))}
          </fieldset>
          {mode === "user" ? (
            <div>
              <Select
                ref={userField}
                uid="studioPreviewUser"
                label={t("StudioPreview_User")}
                options={userOptions}
                value={user ? String(user.recId) : null}
                searchable
                onSearch={users.search}
                loading={users.loading}
                disabled={!account}
                required
                placeholder={account ? undefined : t("StudioPreview_ChooseAccountFirst")}
                help={t("StudioPreview_UserHelp")}
                onChange={(value) => {
                  setUser(
                    users.items.find((u) => String(u.recId) === String(value)) ??
                      (user && String(user.recId) === String(value) ? user : null),
                  );
                  setProblem(null);
                }}
              />
              {listError(users.error)}
            </div>
          ) : (
            <>
              <Select
                uid="studioPreviewRole"
                label={t("StudioPreview_Role")}
                options={roleOptions}
                multiple
                searchable
                value={rolePermissions}
                placeholder={t("StudioPreview_RoleEmpty")}
                help={t("StudioPreview_RoleHelp")}
                onChange={(value) => setRolePermissions(Array.isArray(value) ? value.map(String) : [])}
              />
              <Select
                uid="studioPreviewFeatures"
                label={t("StudioPreview_Features")}
                options={featureOptions}
                multiple
                searchable
                value={includedFeatures}
                placeholder={t("StudioPreview_FeaturesEmpty")}
                loading={subscription === "loading"}
                help={t(
                  subscription === "read"
                    ? "StudioPreview_FeaturesFromSubscription"
                    : subscription === "unreadable"
                      ? "StudioPreview_FeaturesUnreadable"
                      : "StudioPreview_FeaturesHelp",
                )}
                onChange={(value) => setIncludedFeatures(Array.isArray(value) ? value.map(String) : [])}
              />
            </>
          )}
          <Select
            uid="studioPreviewLanguage"
            label={t("StudioPreview_Language")}
            options={STUDIO_LANGUAGES.map((code) => ({ value: code, label: t(`Language_${code}`) }))}
            value={language}
            onChange={(value) => {
              if ((STUDIO_LANGUAGES as readonly unknown[]).includes(value)) setLanguage(value as Language);
            }}
          />
          <Select
            uid="studioPreviewTheme"
            label={t("StudioPreview_Theme")}
            options={PREVIEW_THEMES.map((name) => ({
              value: name,
              label: t(name === "light" ? "StudioPreview_ThemeLight" : "StudioPreview_ThemeDark"),
            }))}
            value={theme}
            help={t("StudioPreview_ThemeHelp")}
            onChange={(value) => {
              if ((PREVIEW_THEMES as readonly unknown[]).includes(value)) setTheme(value as PreviewTheme);
            }}
          />
        </div>
        <div className="studio-actions">
          <button
            type="submit"
            className="kit-button kit-button--primary"
            aria-describedby={`${ids.form}-problem`}
          >
            {t("StudioPreview_Run")}
          </button>
          <p id={`${ids.form}-problem`} className="studio-preview-error" aria-live="polite">
            {problem ? t(problem) : ""}
          </p>
        </div>
      </form>
      <p role="status" className="studio-hint">
        {running ? t("StudioPreview_Running") : ""}
      </p>
      {result ? (
        <Results
          result={result}
          theme={theme}
          query={query}
          onQuery={setQuery}
          headingRef={resultsHeading}
          headingId={ids.results}
          hiddenId={ids.hidden}
          failureText={failureText}
          busy={running}
        />
      ) : null}
    </div>
  );
}

function Results(props: {
  result: Result;
  theme: PreviewTheme;
  query: string;
  onQuery: (query: string) => void;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  headingId: string;
  hiddenId: string;
  failureText: (error: unknown) => string;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { result } = props;
  const { account, person, language } = result.choice;
  const draft = answerOf(result.draft);
  const live = answerOf(result.live);
  const shown = draft ?? live;
  const previewed = shown?.user;
  const who =
    previewed && account
      ? t("StudioPreview_AsUser", { name: previewed.name, email: previewed.email, account: account.name })
      : person?.kind === "role" && account
        ? t("StudioPreview_AsRole", { count: person.rolePermissions.length, account: account.name })
        : "";
  const branding = {
    accountName: account?.name ?? "",
    logoUID: null,
    isWhiteLabel: account?.isWhiteLabel ?? false,
    menuLogoIsSet: false,
    menuLogoStyle: null,
    menuDisplayTitleType: null,
    menuTitle: account?.menuTitle ?? null,
  };
  const userName = previewed?.name ?? t("StudioPreview_RoleUserName");
  const reader = useMemo(
    () =>
      previewed
        ? { accountRecId: previewed.accountRecId, userRecId: previewed.recId, name: previewed.name }
        : null,
    [previewed],
  );

  // The entry's name in the studio's language; the previewed texts name what the served ones do not know.
  const nameOf = useCallback(
    (entry: PreviewHiddenEntry) => {
      const key = entry.labelKey;
      if (!key) return entry.id;
      const previewedText = shown?.texts[key];
      if (language === i18n.language && previewedText) return previewedText;
      return i18n.exists(key) ? t(key) : (previewedText ?? entry.id);
    },
    [shown, language, i18n, t],
  );
  const groups = useMemo(
    () =>
      groupHidden((shown?.hidden ?? []) as PreviewHiddenEntry[], nameOf, (a, b) =>
        a.localeCompare(b, i18n.language),
      ),
    [shown, nameOf, i18n.language],
  );
  const sentence = useCallback((item: HiddenItem) => t(item.reason.labelKey, item.reason.values), [t]);
  const found = useMemo(() => searchHidden(groups, props.query, sentence), [groups, props.query, sentence]);
  const onlyDraft = useMemo(
    () => (draft && live ? hiddenKeysOnlyIn(draft.hidden, live.hidden) : new Set<string>()),
    [draft, live],
  );

  const column = (titleKey: string, outcome: ColumnResult) => (
    <PreviewColumn
      titleKey={titleKey}
      outcome={outcome}
      theme={props.theme}
      language={language}
      branding={branding}
      userName={userName}
      reader={reader}
      nowMs={result.atMs}
      failureText={props.failureText}
    />
  );

  return (
    <section className="studio-preview-results" aria-labelledby={props.headingId} aria-busy={props.busy}>
      <h2 id={props.headingId} ref={props.headingRef} tabIndex={-1} className="studio-preview-results__title">
        {t("StudioPreview_ResultsTitle")}
      </h2>
      {who ? <p className="studio-hint">{who}</p> : null}
      <div className="studio-preview-columns">
        {column("StudioPreview_Draft", result.draft)}
        {column("StudioPreview_Live", result.live)}
      </div>
      {shown ? (
        <section className="studio-card studio-preview-hidden" aria-labelledby={props.hiddenId}>
          <h3 id={props.hiddenId}>
            {t("StudioPreview_WhyHidden")}{" "}
            <span className="studio-hint">
              {t(draft ? "StudioPreview_HiddenCountDraft" : "StudioPreview_HiddenCountLive", {
                count: hiddenCount(groups),
              })}
            </span>
          </h3>
          <TextField
            uid="studioPreviewHiddenSearch"
            type="search"
            label={t("StudioPreview_SearchHidden")}
            value={props.query}
            onChange={props.onQuery}
          />
          <p className="kit-visually-hidden" aria-live="polite">
            {props.query ? t("StudioPreview_SearchFound", { count: hiddenCount(found) }) : ""}
          </p>
          {found.length === 0 ? (
            <p className="studio-hint">
              {props.query ? t("StudioPreview_SearchNothing") : t("StudioPreview_NothingHidden")}
            </p>
          ) : (
            <ul className="studio-preview-hidden__groups" aria-label={t("StudioPreview_WhyHidden")}>
              {found.map((group) => (
                <li key={group.kind} className="studio-preview-hidden__group">
                  <h4 className="studio-preview-hidden__group-title">
                    {t(group.labelKey)} ({group.items.length})
                  </h4>
                  <ul aria-label={t(group.labelKey)}>
                    {group.items.map((item) => {
                      const reason = sentence(item);
                      const isNew = onlyDraft.has(hiddenKey(item.entry));
                      return (
                        <li
                          key={hiddenKey(item.entry)}
                          className="studio-preview-hidden__item"
                          aria-label={t("StudioPreview_HiddenItem", { name: item.name, reason })}
                        >
                          <span className="studio-preview-hidden__name">{item.name}</span>
                          {": "}
                          <span>{reason}</span>{" "}
                          <code className="studio-preview-hidden__id">{item.entry.id}</code>
                          {isNew ? (
                            <span className="shell-badge">{t("StudioPreview_OnlyWithDraft")}</span>
                          ) : null}
                        </li>
                      );
                    })}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </section>
  );
}

/** One column: the shell drawn, or why there is none. */
function PreviewColumn(props: {
  titleKey: string;
  outcome: ColumnResult;
  theme: PreviewTheme;
  language: Language;
  branding: React.ComponentProps<typeof PreviewShell>["account"];
  userName: string;
  reader: React.ComponentProps<typeof PreviewShell>["reader"];
  nowMs: number;
  failureText: (error: unknown) => string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const { outcome } = props;
  let body: React.ReactNode;
  if ("answer" in outcome) {
    body = (
      <PreviewShell
        manifest={outcome.answer.manifest}
        texts={outcome.answer.texts}
        language={props.language}
        theme={props.theme}
        account={props.branding}
        userName={props.userName}
        reader={props.reader}
        nowMs={props.nowMs}
        failureText={props.failureText}
      />
    );
  } else if ("nothing" in outcome) {
    body = <p className="studio-hint">{t("StudioPreview_NoDraft")}</p>;
  } else {
    const { failure } = outcome;
    const problems =
      failure instanceof ApiError && failure.status === 422 && Array.isArray(failure.details?.problems)
        ? failure.details.problems.length
        : null;
    body = (
      <p className="studio-preview-error" role="alert">
        {problems !== null
          ? t("StudioPreview_DraftInvalid", { count: problems })
          : t("StudioPreview_Failed", { reason: props.failureText(failure) })}
      </p>
    );
  }
  return (
    <section className="studio-preview-column" aria-labelledby={headingId}>
      <h3 id={headingId} className="studio-preview-column__title">
        {t(props.titleKey)}
      </h3>
      {body}
    </section>
  );
}

/**
 * A searched list as select options, the chosen item first when the current search no longer lists
 * it (so the select keeps showing what was chosen).
 */
function listedOptions<T extends { recId: number }>(
  items: readonly T[],
  chosen: T | null,
  text: (item: T) => { label: string; description: string },
): { value: string; label: string; description: string }[] {
  const option = (item: T) => ({ value: String(item.recId), ...text(item) });
  const listed = items.map(option);
  if (chosen && !items.some((item) => item.recId === chosen.recId)) listed.unshift(option(chosen));
  return listed;
}
