/**
 * /subscription/{screenTab?} (§2.2 Account): tabs plan, features and invoices. The features and
 * their availability come from the session (§6). The invoices tab lists the account's invoices
 * (GET Invoices), each downloading at invoice/{invoiceNumber} (§7). The upstream offers members no
 * plan details, so the plan tab summarises the features.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { sessionStore } from "../../session/session-store.ts";
import { useStore } from "../../state/create-store.ts";
import { useManifest } from "../../state/manifest-context.tsx";
import { ScreenHeader, StatusBadge, UnavailableNotice } from "../work/common/list-parts.tsx";
import { InvoiceList } from "./invoice-list.tsx";
import { resolveTab } from "./screen-tabs.ts";
import { ScreenTabs } from "./screen-tabs.tsx";
import { featureRows, featureSummary, SUBSCRIPTION_TABS } from "./subscription-model.ts";
import "../work/common/work.css";

export default function SubscriptionScreen({ route, params }: ScreenProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const catalogue = useManifest().permissions.features;
  const profile = useStore(sessionStore, (s) => s.profile);
  const accountName = useStore(sessionStore, (s) => s.config?.User.AccountName ?? "");
  const rows = featureRows(catalogue, profile?.features ?? new Map());
  const summary = featureSummary(rows);
  const tab = resolveTab(params.screenTab, SUBSCRIPTION_TABS);
  const title = t(route.titleKey ?? "PageTitle_Subscription");
  return (
    <section className="work-screen" aria-labelledby={headingId}>
      <ScreenHeader id={headingId} title={title} />
      <ScreenTabs
        label={title}
        basePath="/subscription"
        selected={tab}
        tabs={SUBSCRIPTION_TABS.map((id) => ({ id, label: t(`Subscription_Tab_${id}`) }))}
      >
        {tab === "plan" ? (
          <div className="work-panel work-form">
            <p>
              {t("Subscription_PlanSummary", {
                account: accountName,
                included: summary.included,
                total: summary.total,
              })}
            </p>
            <ul>
              {rows
                .filter((row) => row.availability === "Included")
                .map((row) => (
                  <li key={row.id}>{t(row.titleKey)}</li>
                ))}
            </ul>
            <UnavailableNotice text={t("Subscription_PlanNotice")} />
          </div>
        ) : null}
        {tab === "features" ? (
          <div className="work-table-wrap">
            <table className="work-table">
              <caption>
                {t("Subscription_FeaturesCaption", { included: summary.included, total: summary.total })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t("Subscription_Feature")}</th>
                  <th scope="col">{t("Subscription_Availability")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <th scope="row">{t(row.titleKey)}</th>
                    <td>
                      <StatusBadge
                        label={t(`Subscription_${row.availability}`)}
                        tone={row.availability === "Included" ? "success" : "neutral"}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {tab === "invoices" ? <InvoiceList /> : null}
      </ScreenTabs>
    </section>
  );
}
