/**
 * The customer-effort rating (§2.5 help menu): how easy it was to get help,
 * 1 (very hard) to 5 (very easy), with optional feedback. The upstream keeps
 * ratings per support session (POST SupportSessions/SaveRating, §7), so the
 * rating goes to the user's most recent archived, unrated support session;
 * without one the dialog says there is nothing to rate.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../components/fields/text-field.tsx";
import { apiRequest } from "../../http/api-client.ts";
import { useApi, useSubmit } from "../../http/use-api.ts";
import { showBanner } from "../../state/banner-store.ts";
import { ChoiceGroup } from "../choice-group.tsx";
import { DialogButton, DialogCloseButton, DialogFrame } from "../dialog-frame.tsx";
import type { DialogProps } from "../dialog-props.ts";
import { LoadState } from "../dialog-status.tsx";
import { type SupportSession, sessionToRate } from "./rating-target.ts";

/** The rating scale of SaveRating. */
export const RATING_VALUES = ["1", "2", "3", "4", "5"] as const;
/** Feedback limit of SaveRating. */
export const FEEDBACK_MAX = 2000;

export function CustomerEffortRatingDialog({ close }: DialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const { state } = useApi<SupportSession[]>("SupportSessions", { quietNotFound: true });
  const [rating, setRating] = useState<(typeof RATING_VALUES)[number] | "">("");
  const [feedback, setFeedback] = useState("");
  const [missingRating, setMissingRating] = useState(false);
  const { busy, submit } = useSubmit();
  const target = state.status === "ready" ? sessionToRate(state.data) : null;

  const onSubmit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (!target) return;
    if (!rating) {
      setMissingRating(true);
      return;
    }
    const ok = await submit(async () => {
      await apiRequest("SupportSessions/SaveRating", {
        method: "POST",
        body: { Rating: Number(rating), Feedback: feedback.trim(), SupportSessionRecId: target.RecId },
      });
      return true;
    });
    if (!ok) return;
    showBanner({ kind: "success", textKey: "Rating_Thanks" });
    close(true);
  };

  return (
    <DialogFrame
      busy={busy}
      footer={
        <>
          <DialogCloseButton />
          {target ? (
            <DialogButton variant="primary" form={formId} busy={busy}>
              {t("Rating_Submit")}
            </DialogButton>
          ) : null}
        </>
      }
    >
      <LoadState state={state} />
      {state.status === "ready" && !target ? <p>{t("Rating_NothingToRate")}</p> : null}
      {target ? (
        <form id={formId} className="dialog-form" onSubmit={onSubmit}>
          <ChoiceGroup
            legend={t("Rating_Question")}
            options={RATING_VALUES.map((value) => ({ value, label: t(`Rating_Scale_${value}`) }))}
            value={rating as (typeof RATING_VALUES)[number]}
            onChange={(value) => {
              setRating(value);
              setMissingRating(false);
            }}
          />
          {missingRating ? (
            <p className="dialog-error" role="alert">
              {t("ValidationErrorMessage_Required")}
            </p>
          ) : null}
          <TextField
            uid="Rating_Feedback"
            label={t("Field_Feedback")}
            value={feedback}
            onChange={setFeedback}
            multiline
            rows={4}
            maxLength={FEEDBACK_MAX}
          />
        </form>
      ) : null}
    </DialogFrame>
  );
}
