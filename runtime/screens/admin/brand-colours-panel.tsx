/**
 * The `brandColours` panel of a detail (schemas/screens.ts): staff edit an account's shell colours
 * (DESIGN.md: white-label accounts have their own shell's colours) with the member's own editor —
 * the pickers, the live WCAG 2.2 AA ratios on the light and the dark theme, the refusal naming each
 * failing pair with its ratio, and the light/dark preview (account-brand-editor.tsx). Its data source
 * is the panel's endpoint (`Admin/Accounts/{RecId}`): the record read there, the two colours saved
 * there with PUT, which the upstream checks with the same rule (core/branding/contrast.ts). §6:
 * without Write on the module every input and button is disabled. Loaded lazily (detail-panels.tsx).
 * In the create form the same editor starts from the product's colours and has no save of its own:
 * the colours go with the new account's body, and a pair under AA stops the creation with its ratios.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { showSuccessTooltip } from "../../components/tooltip/success-tooltip.tsx";
import { apiRequest } from "../../http/api-client.ts";
import { runChange } from "../../http/use-api.ts";
import { showBanner } from "../../state/banner-store.ts";
import { AccountBrandEditor, rememberSavedColours } from "../account/account-brand-editor.tsx";
import { type BrandColoursForm, verdictOf } from "../account/account-brand-model.ts";
import { SaveActions } from "../work/common/save-actions.tsx";
import type { CreatePanelProps, EditorPanelProps } from "./detail-panels.tsx";
import type { Row } from "./list-request.ts";

const colourOf = (value: unknown): string | null =>
  typeof value === "string" && value !== "" ? value : null;

/** The colours of the record the endpoint answered; absent or empty ones are the product's. */
export function brandFormOf(data: unknown): BrandColoursForm {
  const record = data !== null && typeof data === "object" ? (data as Row) : {};
  return {
    BrandPrimaryColor: colourOf(record.BrandPrimaryColor),
    BrandAccentColor: colourOf(record.BrandAccentColor),
  };
}

const same = (a: string | null, b: string | null) => (a ?? "").toLowerCase() === (b ?? "").toLowerCase();

/** The editor over the record's colours, with its own Save and Discard. */
export default function BrandColoursPanel({ data, path, write, onSaved }: EditorPanelProps) {
  const { t } = useTranslation();
  const saved = brandFormOf(data);
  const [form, setForm] = useState<BrandColoursForm>(saved);
  const [refusals, setRefusals] = useState(0);
  const [busy, setBusy] = useState(false);
  const saveButton = useRef<HTMLButtonElement>(null);
  const record = data !== null && typeof data === "object" ? (data as Row) : {};
  const title = String(record.MenuTitle || record.Name || "");
  const changed =
    !same(form.BrandPrimaryColor, saved.BrandPrimaryColor) ||
    !same(form.BrandAccentColor, saved.BrandAccentColor);

  const save = async () => {
    // The upstream refuses the same pairs: name them with their ratios before asking it.
    if (!verdictOf(form).ok) {
      setRefusals((n) => n + 1);
      return;
    }
    setBusy(true);
    const answer = await runChange(() => apiRequest<Row>(path, { method: "PUT", body: form }));
    setBusy(false);
    if (!answer) return;
    if (saveButton.current) showSuccessTooltip(saveButton.current, t("AccountSettings_SavedShort"));
    showBanner({ kind: "success", textKey: "Branding_Saved" });
    rememberSavedColours(form);
    setRefusals(0);
    onSaved(answer);
  };

  return (
    <>
      <AccountBrandEditor
        form={form}
        title={title}
        readOnly={!write || busy}
        refusedSaves={refusals}
        headingLevel={4}
        onChange={(patch) => setForm((current) => ({ ...current, ...patch }))}
      />
      <SaveActions
        saveLabel={t("Branding_SaveColours")}
        discardLabel={t("Branding_DiscardColours")}
        // §6: without Write both stay disabled, as every other button of the panel.
        changed={write && changed}
        busy={busy}
        onSave={() => void save()}
        onDiscard={() => {
          setForm(saved);
          setRefusals(0);
        }}
        saveButton={saveButton}
      />
    </>
  );
}

/** The colours of an account being created: sent with its body, refused before it under AA. */
export function BrandColoursCreatePanel({ values, write, refusedSaves, onChange }: CreatePanelProps) {
  const [form, setForm] = useState<BrandColoursForm>({ BrandPrimaryColor: null, BrandAccentColor: null });
  // The latest callback: the form's owner passes a new one on every render.
  const changed = useRef(onChange);
  changed.current = onChange;
  useEffect(() => {
    changed.current({ body: { ...form }, valid: verdictOf(form).ok });
  }, [form]);
  return (
    <AccountBrandEditor
      form={form}
      title={String(values.MenuTitle || values.Name || "")}
      readOnly={!write}
      refusedSaves={refusedSaves}
      headingLevel={4}
      onChange={(patch) => setForm((current) => ({ ...current, ...patch }))}
    />
  );
}
