/**
 * /supportsessions (§2.2 Support): the user's past support chats (`GET SupportSessions`) with
 * their state and rating; choosing one shows its transcript, and rating it while it can be rated.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../../http/use-api.ts";
import type { ScreenProps } from "../../../renderers/screen-props.ts";
import { formatDateTime } from "../common/format.ts";
import { LoadState, ScreenHeader, StatusBadge } from "../common/list-parts.tsx";
import { RATINGS, type SupportSession, sessionTone } from "./session-model.ts";
import { TranscriptView } from "./transcript-view.tsx";
import "../common/work.css";

export default function SupportSessionsScreen({ route }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const sessions = useApi<SupportSession[]>("SupportSessions");
  const [chosen, setChosen] = useState<number | null>(null);
  const items = sessions.data ?? [];
  return (
    <section className="work-screen" aria-labelledby={headingId}>
      <ScreenHeader id={headingId} title={t(route.titleKey ?? "PageTitle_SupportSessions")} />
      <div className="work-split">
        <LoadState
          loading={sessions.loading}
          error={sessions.error}
          hasData={sessions.data !== null}
          empty={items.length === 0}
          emptyText={t("Sessions_Empty")}
          onRetry={sessions.reload}
        >
          <div className="work-table-wrap">
            <table className="work-table" aria-labelledby={headingId}>
              <thead>
                <tr>
                  <th scope="col">{t("Sessions_Started")}</th>
                  <th scope="col">{t("Work_Status")}</th>
                  <th scope="col">{t("Sessions_Rating")}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((session) => (
                  <tr
                    key={session.RecId}
                    className={chosen === session.RecId ? "work-row--current" : undefined}
                  >
                    <th scope="row">
                      <button
                        type="button"
                        className="work-link"
                        aria-pressed={chosen === session.RecId}
                        onClick={() => setChosen(session.RecId)}
                      >
                        {formatDateTime(session.StartedAt, i18n.language)}
                      </button>
                      {session.Page ? <div className="work-muted">{session.Page}</div> : null}
                    </th>
                    <td>
                      <StatusBadge
                        label={t(`Sessions_Status_${session.Status}`)}
                        tone={sessionTone(session.Status)}
                      />
                    </td>
                    <td>
                      {session.Rating !== null
                        ? t("Sessions_RatingValue", { rating: session.Rating, max: RATINGS.length })
                        : t("Sessions_NotRated")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </LoadState>
        {chosen !== null ? (
          <TranscriptView recId={chosen} onRated={sessions.reload} />
        ) : (
          <p className="work-muted">{t("Sessions_ChooseOne")}</p>
        )}
      </div>
    </section>
  );
}
