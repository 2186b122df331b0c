/**
 * The invoices tab of /subscription: the account's invoices (GET Invoices, newest first, paged)
 * with their state and amount, and a download link per invoice at the §7 path
 * invoice/{invoiceNumber}, opened in a new tab (the PDF).
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Pager } from "../../components/list/pager.tsx";
import { useApi } from "../../http/use-api.ts";
import { formatDate } from "../work/common/format.ts";
import { LoadState, StatusBadge, workPagerTexts } from "../work/common/list-parts.tsx";
import { initialQuery, listPath, type Page, withPage } from "../work/common/list-query.ts";
import { formatMoney, INVOICE_PAGE_SIZE, type InvoiceSummary, invoiceTone } from "./invoice-model.ts";
import { invoiceUrl } from "./subscription-model.ts";

export function InvoiceList() {
  const { t, i18n } = useTranslation();
  const captionId = useId();
  const [query, setQuery] = useState(() => ({ ...initialQuery(), pageSize: INVOICE_PAGE_SIZE }));
  const invoices = useApi<Page<InvoiceSummary>>(listPath("Invoices", query));
  const items = invoices.data?.items ?? [];
  const total = invoices.data?.total ?? 0;
  return (
    <div className="work-panel">
      <LoadState
        loading={invoices.loading}
        error={invoices.error}
        hasData={invoices.data !== null}
        empty={total === 0}
        emptyText={t("Subscription_InvoicesEmpty")}
        onRetry={invoices.reload}
      >
        <div className="work-table-wrap">
          <table className="work-table" aria-labelledby={captionId} aria-busy={invoices.loading}>
            <caption id={captionId}>{t("Subscription_InvoicesCaption", { total })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("Field_InvoiceNumber")}</th>
                <th scope="col">{t("Subscription_InvoiceIssued")}</th>
                <th scope="col">{t("Subscription_InvoiceDue")}</th>
                <th scope="col">{t("Work_Status")}</th>
                <th scope="col" className="work-num">
                  {t("Subscription_InvoiceTotal")}
                </th>
                <th scope="col">{t("Work_Actions")}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((invoice) => (
                <tr key={invoice.RecId}>
                  <th scope="row">{invoice.InvoiceNumber}</th>
                  <td>{formatDate(invoice.IssuedAt, i18n.language)}</td>
                  <td>{formatDate(invoice.DueAt, i18n.language)}</td>
                  <td>
                    <StatusBadge label={t(`Status_${invoice.Status}`)} tone={invoiceTone(invoice.Status)} />
                  </td>
                  <td className="work-num">{formatMoney(invoice.Total, invoice.Currency, i18n.language)}</td>
                  <td>
                    <a
                      className="work-link"
                      href={invoiceUrl(invoice.InvoiceNumber)}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t("Subscription_DownloadInvoice", { number: invoice.InvoiceNumber })}
                    >
                      {t("Action_DownloadPdf")}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </LoadState>
      {total > INVOICE_PAGE_SIZE ? (
        <Pager
          {...workPagerTexts(t, query, total)}
          label={t("Subscription_InvoicePages")}
          onPage={(page) => setQuery((q) => withPage(q, page, total))}
        />
      ) : null}
    </div>
  );
}
