/**
 * /usagemetrics/{screenTab?} (§2.2 Account): the account's usage over a chosen period
 * (`GET UsageMetrics?days=`), in three tabs — overview (users and objects by type), activity
 * (sessions per day) and storage (bytes by kind) — each chart an accessible SVG with its table.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Select } from "../../components/select/select.tsx";
import { useApi } from "../../http/use-api.ts";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatShortDay,
  formatSize,
} from "../work/common/format.ts";
import { LoadState, ScreenHeader } from "../work/common/list-parts.tsx";
import { BarChart } from "./bar-chart.tsx";
import { resolveTab } from "./screen-tabs.ts";
import { ScreenTabs } from "./screen-tabs.tsx";
import "../work/common/work.css";

/** The answer of `GET UsageMetrics`. */
export interface UsageMetrics {
  AccountName: string;
  GeneratedAt: string;
  PeriodDays: number;
  ObjectsByType: Array<{ Type: string; Count: number }>;
  Users: { Total: number; Enabled: number; ActiveInPeriod: number };
  StorageBytes: { Media: number; Files: number; Attachments: number; Total: number };
  SessionsPerDay: Array<{ Date: string; Count: number }>;
}

/** The tabs of the screen, in order, and the periods offered (days; the upstream takes 1–366). */
export const USAGE_TABS = ["overview", "activity", "storage"] as const;
export const USAGE_PERIODS = [7, 30, 90, 365] as const;
const DEFAULT_PERIOD = 30;

export default function UsageMetricsScreen({ route, params }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [days, setDays] = useState<number>(DEFAULT_PERIOD);
  const metrics = useApi<UsageMetrics>(`UsageMetrics?days=${days}`);
  const tab = resolveTab(params.screenTab, USAGE_TABS);
  const title = t(route.titleKey ?? "PageTitle_UsageMetrics");
  const data = metrics.data;
  const count = (value: number) => formatCount(value, i18n.language);
  const size = (value: number) => formatSize(value, i18n.language);
  return (
    <section className="work-screen" aria-labelledby={headingId}>
      <ScreenHeader
        id={headingId}
        title={title}
        actions={
          <Select
            uid="usage-period"
            label={t("Usage_Period")}
            value={days}
            options={USAGE_PERIODS.map((value) => ({ value, label: t("Usage_LastDays", { days: value }) }))}
            onChange={(value) => typeof value === "number" && setDays(value)}
          />
        }
      />
      <ScreenTabs
        label={title}
        basePath="/usagemetrics"
        selected={tab}
        tabs={USAGE_TABS.map((id) => ({ id, label: t(`Usage_Tab_${id}`) }))}
      >
        <LoadState
          loading={metrics.loading}
          error={metrics.error}
          hasData={data !== null}
          onRetry={metrics.reload}
        >
          {data ? (
            <>
              <p className="work-muted">
                {t("Usage_GeneratedAt", {
                  account: data.AccountName,
                  date: formatDateTime(data.GeneratedAt, i18n.language),
                  days: data.PeriodDays,
                })}
              </p>
              {tab === "overview" ? (
                <>
                  <dl className="usage-cards">
                    {(
                      [
                        ["Usage_UsersTotal", count(data.Users.Total)],
                        ["Usage_UsersEnabled", count(data.Users.Enabled)],
                        ["Usage_UsersActive", count(data.Users.ActiveInPeriod)],
                        [
                          "Usage_ObjectsTotal",
                          count(data.ObjectsByType.reduce((sum, row) => sum + row.Count, 0)),
                        ],
                        ["Usage_StorageTotal", size(data.StorageBytes.Total)],
                      ] as const
                    ).map(([key, value]) => (
                      <div key={key} className="usage-card">
                        <dt>{t(key)}</dt>
                        <dd>{value}</dd>
                      </div>
                    ))}
                  </dl>
                  <BarChart
                    title={t("Usage_ObjectsByType")}
                    labelHeader={t("Usage_ObjectType")}
                    valueHeader={t("Usage_Count")}
                    layout="rows"
                    integer
                    format={count}
                    data={data.ObjectsByType.map((row) => ({
                      label: t(`ObjectType_${row.Type}`),
                      value: row.Count,
                    }))}
                  />
                </>
              ) : null}
              {tab === "activity" ? (
                <BarChart
                  title={t("Usage_SessionsPerDay")}
                  labelHeader={t("Usage_Day")}
                  valueHeader={t("Usage_Sessions")}
                  layout="columns"
                  integer
                  format={count}
                  data={data.SessionsPerDay.map((row) => ({
                    label: formatDate(row.Date, i18n.language),
                    short: formatShortDay(row.Date, i18n.language),
                    value: row.Count,
                  }))}
                />
              ) : null}
              {tab === "storage" ? (
                <BarChart
                  title={t("Usage_StorageByKind")}
                  labelHeader={t("Usage_StorageKind")}
                  valueHeader={t("Usage_Size")}
                  layout="rows"
                  format={size}
                  data={(["Media", "Files", "Attachments"] as const).map((kind) => ({
                    label: t(`Usage_Storage_${kind}`),
                    value: data.StorageBytes[kind],
                  }))}
                />
              ) : null}
            </>
          ) : null}
        </LoadState>
      </ScreenTabs>
    </section>
  );
}
