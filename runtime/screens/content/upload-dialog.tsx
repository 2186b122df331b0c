/**
 * Upload files into a folder of documents and media (§7 uploads: multipart `file[]`, progress, done
 * and fail handlers) through `Media/Upload?folderRecId=`; the upstream takes all files or none.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FileUpload } from "../../components/file-upload/file-upload.tsx";
import { ModalDialog } from "../../components/modal-dialog/modal-dialog.tsx";
import { errorMessage } from "./content-feedback.ts";
import { UPLOAD_MAX_FILES } from "./content-limits.ts";
import { DialogButtons } from "./dialog-buttons.tsx";

/** Props of an UploadDialog. */
export interface UploadDialogProps {
  /** Target folder; the Personal root when null (upstream default). */
  folderId: number | null;
  onUploaded: (count: number) => void;
  onCancel: () => void;
  returnFocus?: () => HTMLElement | null;
}

/** The upload path of a folder. */
export function uploadPath(folderId: number | null): string {
  return folderId === null ? "Media/Upload" : `Media/Upload?folderRecId=${folderId}`;
}

/** Chooses or drops files and uploads them at once. */
export function UploadDialog(props: UploadDialogProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  return (
    <ModalDialog
      title={t("Explorer_UploadTitle")}
      description={<p>{t("Explorer_UploadText", { max: UPLOAD_MAX_FILES })}</p>}
      onClose={props.onCancel}
      closeButton={false}
      error={error}
      footer={<DialogButtons onCancel={props.onCancel} />}
      returnFocus={props.returnFocus}
    >
      <FileUpload
        uid="explorer-upload"
        label={t("Explorer_UploadFiles")}
        rules={{ multiple: true }}
        upload={{ path: uploadPath(props.folderId) }}
        onFiles={() => setError(null)}
        onDone={(response) => {
          const items = (response as { items?: unknown[] } | null)?.items;
          props.onUploaded(Array.isArray(items) ? items.length : 0);
        }}
        onFail={(failure) => setError(errorMessage(failure))}
      />
    </ModalDialog>
  );
}
