/**
 * The data viewer of the notifications (§2.5, id): a data table's rows
 * (GET DataTables/{id}/Rows), a page of DATA_VIEWER_PAGE_SIZE at a time, with
 * its columns in the table's order.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useApi } from "../../http/use-api.ts";
import { DialogCloseButton, DialogFrame } from "../dialog-frame.tsx";
import type { DialogProps } from "../dialog-props.ts";
import { LoadState } from "../dialog-status.tsx";
import { cellText, DATA_VIEWER_PAGE_SIZE, type DataRows, pageCount } from "./data-rows.ts";

export function DataViewerDialog({ entry }: DialogProps) {
  const { t } = useTranslation();
  const id = entry.params.id as number;
  const [page, setPage] = useState(1);
  const { state } = useApi<DataRows>(`DataTables/${id}/Rows?page=${page}&pageSize=${DATA_VIEWER_PAGE_SIZE}`, {
    quietNotFound: true,
  });
  const data = state.status === "ready" ? state.data : null;
  const pages = data ? pageCount(data.total) : 1;
  return (
    <DialogFrame
      size="l"
      title={data?.Name}
      footer={
        <>
          <DialogCloseButton labelKey="Dialog_Close" />
          <Link className="kit-button kit-button--primary" to={`/data/editor/${id}`}>
            {t("DataViewer_Open")}
          </Link>
        </>
      }
    >
      <LoadState state={state} />
      {data && data.items.length === 0 ? <p>{t("DataViewer_NoRows")}</p> : null}
      {data && data.items.length > 0 ? (
        <>
          <div className="dialog-table-wrap">
            <table className="dialog-table">
              <caption className="visually-hidden">{t("DataViewer_Caption", { name: data.Name })}</caption>
              <thead>
                <tr>
                  {data.Columns.map((c) => (
                    <th key={c.Name} scope="col">
                      {c.Name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.items.map((row, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
                  <tr key={index}>
                    {data.Columns.map((c) => (
                      <td key={c.Name}>{cellText(row[c.Name])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="dialog-choices" aria-label={t("DataViewer_Pages")}>
            <button
              type="button"
              className="kit-button"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              {t("DataViewer_Previous")}
            </button>
            <span>{t("DataViewer_Page", { page, pages, total: data.total })}</span>
            <button
              type="button"
              className="kit-button"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              {t("DataViewer_Next")}
            </button>
          </nav>
        </>
      ) : null}
    </DialogFrame>
  );
}
