/**
 * Two-factor set-up inside My Settings, for users who must set it up (§4.2):
 * the upstream creates a pending secret (POST User/TwoFactor/Setup), the user
 * adds it to an authenticator app and confirms with a code
 * (POST User/TwoFactor/Enable); the session is then read again.
 */
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../components/fields/text-field.tsx";
import type { FieldHandle } from "../../components/fields/use-field-error.ts";
import { apiRequest } from "../../http/api-client.ts";
import { useSubmit } from "../../http/use-api.ts";
import { attemptLogin } from "../../session/session-store.ts";

/** The upstream's answer to the set-up call. */
interface SetupAnswer {
  Secret: string;
  OtpAuthUri: string;
}

const CODE = /^[0-9]{6}$/;

/** The set-up section. */
export function TwoFactorSetup() {
  const { t } = useTranslation();
  const headingId = useId();
  const [setup, setSetup] = useState<SetupAnswer | null>(null);
  const [code, setCode] = useState("");
  const [done, setDone] = useState(false);
  const field = useRef<FieldHandle>(null);
  const { busy, submit } = useSubmit();

  const start = async () => {
    const answer = await submit(() => apiRequest<SetupAnswer>("User/TwoFactor/Setup", { method: "POST" }));
    if (answer) setSetup(answer);
  };
  const enable = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (!field.current?.validate()) return;
    const ok = await submit(async () => {
      await apiRequest("User/TwoFactor/Enable", { method: "POST", body: { Code: code } });
      return true;
    });
    if (!ok) return;
    setDone(true);
    // MustSetup2FA is the upstream's to clear: read the session again.
    void attemptLogin();
  };

  return (
    <section className="dialog-form" aria-labelledby={headingId}>
      <h3 id={headingId}>{t("TwoFactor_Title")}</h3>
      {done ? (
        <p className="dialog-success" role="status">
          {t("TwoFactor_Enabled")}
        </p>
      ) : setup ? (
        <form className="dialog-form" onSubmit={enable}>
          <p>{t("TwoFactor_AddSecret")}</p>
          <p className="dialog-mono">{setup.Secret}</p>
          <p className="dialog-note dialog-mono">{setup.OtpAuthUri}</p>
          <TextField
            ref={field}
            uid="TwoFactor_Code"
            label={t("TwoFactor_Code")}
            value={code}
            onChange={setCode}
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            validators={[(value) => (CODE.test(value) ? null : "TwoFactor_CodeInvalid")]}
          />
          <div>
            <button type="submit" className="kit-button kit-button--primary" disabled={busy}>
              {t("TwoFactor_Enable")}
            </button>
          </div>
        </form>
      ) : (
        <>
          <p>{t("TwoFactor_Required")}</p>
          <div>
            <button type="button" className="kit-button kit-button--primary" disabled={busy} onClick={start}>
              {t("TwoFactor_Start")}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
