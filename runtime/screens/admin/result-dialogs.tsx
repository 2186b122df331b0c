/**
 * The two modal dialogs of the admin screens: the confirmation asked before an action (its manifest
 * text with {{name}} or {{count}}; the least destructive button takes focus, APG alertdialog) and the
 * read-only grid an action with result `table` returns.
 */
import { useTranslation } from "react-i18next";
import { ModalDialog } from "../../components/modal-dialog/modal-dialog.tsx";
import { type TableResult, tableValueText } from "./action-request.ts";
import type { Confirmation } from "./action-rules.ts";

/** A pending confirmation: its text, the button that confirms, and what confirming does. */
export interface PendingConfirmation {
  confirmation: Confirmation;
  confirmLabelKey: string;
  variant: "primary" | "secondary" | "danger";
  run: () => void;
}

/** Asks the question; confirming closes the dialog and runs the action. */
export function ConfirmDialog({ pending, onClose }: { pending: PendingConfirmation; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalDialog
      role="alertdialog"
      title={t("AdminConfirm_Title")}
      description={t(pending.confirmation.key, pending.confirmation.params)}
      onClose={onClose}
      footer={
        <>
          <button
            type="button"
            className="kit-button admin-button--secondary"
            data-autofocus
            onClick={onClose}
          >
            {t("AdminDialog_Cancel")}
          </button>
          <button
            type="button"
            className={`kit-button admin-button--${pending.variant}`}
            onClick={() => {
              onClose();
              pending.run();
            }}
          >
            {t(pending.confirmLabelKey)}
          </button>
        </>
      }
    />
  );
}

/** Shows an action's table result. */
export function TableResultDialog(props: { title: string; table: TableResult; onClose: () => void }) {
  const { t } = useTranslation();
  const { table } = props;
  return (
    <ModalDialog
      title={props.title}
      size="full"
      onClose={props.onClose}
      footer={
        <button type="button" className="kit-button admin-button--secondary" onClick={props.onClose}>
          {t("AdminDialog_Close")}
        </button>
      }
    >
      <p role="status" className="admin-muted">
        {t(table.truncated ? "AdminTable_RowsTruncated" : "AdminTable_Rows", { count: table.rows.length })}
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the grid scrolls; keyboard users need to reach it */}
      <section className="admin-result" tabIndex={0} aria-label={props.title}>
        <table className="admin-table admin-table--result">
          <thead>
            <tr>
              {table.columns.map((column, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: result columns may repeat a name
                <th key={index} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: result rows have no key and never reorder
              <tr key={rowIndex}>
                {row.map((value, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells follow the columns
                  <td key={index}>{tableValueText(value)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </ModalDialog>
  );
}
