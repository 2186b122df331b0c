/**
 * /managedaccounts (§2.2 Account): the accounts this account manages (`GET ManagedAccounts`) with
 * their plan, state, size and creation date. The upstream offers only reading them.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../http/use-api.ts";
import type { ScreenProps } from "../../renderers/screen-props.ts";
import { formatCount, formatDateTime } from "../work/common/format.ts";
import { LoadState, ScreenHeader, StatusBadge } from "../work/common/list-parts.tsx";
import "../work/common/work.css";

/** A managed account as the upstream returns it. */
export interface ManagedAccount {
  RecId: number;
  Name: string;
  Domain: string;
  SubscriptionType: string | null;
  Disabled: boolean;
  CreatedAt: string | null;
  UserCount: number;
  ObjectCount: number;
}

/** §9: subscription types are read from a SubscriptionType_{type} resource; unknown ones show as sent. */
export function subscriptionTypeText(
  type: string | null,
  t: (key: string) => string,
  exists: (key: string) => boolean,
): string {
  if (!type) return "—";
  const key = `SubscriptionType_${type}`;
  return exists(key) ? t(key) : type;
}

export default function ManagedAccountsScreen({ route }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const accounts = useApi<ManagedAccount[]>("ManagedAccounts");
  const list = accounts.data ?? [];
  return (
    <section className="work-screen" aria-labelledby={headingId}>
      <ScreenHeader id={headingId} title={t(route.titleKey ?? "PageTitle_ManagedAccounts")} />
      <LoadState
        loading={accounts.loading}
        error={accounts.error}
        hasData={accounts.data !== null}
        empty={list.length === 0}
        emptyText={t("ManagedAccounts_Empty")}
        onRetry={accounts.reload}
      >
        <div className="work-table-wrap">
          <table className="work-table" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{t("Work_Name")}</th>
                <th scope="col">{t("AccountSettings_Domain")}</th>
                <th scope="col">{t("ManagedAccounts_Plan")}</th>
                <th scope="col">{t("Work_Status")}</th>
                <th scope="col" className="work-num">
                  {t("ManagedAccounts_Users")}
                </th>
                <th scope="col" className="work-num">
                  {t("ManagedAccounts_Objects")}
                </th>
                <th scope="col">{t("Work_Created")}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((account) => (
                <tr key={account.RecId}>
                  <th scope="row">{account.Name}</th>
                  <td>{account.Domain}</td>
                  <td>{subscriptionTypeText(account.SubscriptionType, t, (key) => i18n.exists(key))}</td>
                  <td>
                    <StatusBadge
                      label={account.Disabled ? t("Status_Disabled") : t("Status_Active")}
                      tone={account.Disabled ? "warning" : "success"}
                    />
                  </td>
                  <td className="work-num">{formatCount(account.UserCount, i18n.language)}</td>
                  <td className="work-num">{formatCount(account.ObjectCount, i18n.language)}</td>
                  <td>{formatDateTime(account.CreatedAt, i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </LoadState>
    </section>
  );
}
