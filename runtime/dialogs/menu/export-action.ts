/** The user's exports (GET Exports) and what each row offers (pure). */
import { apiUrl } from "../../http/api-client.ts";

/** One export (jobs/exports.ts exportBody). */
export interface ExportItem {
  RecId: number;
  TaskRecId: number | null;
  ExportName: string;
  Status: string;
  Message: string | null;
  FileUID: string | null;
  IsExpired: boolean;
  CreatedAt: string;
}

/** Exports listed (the upstream's page size limit is 200). */
export const EXPORTS_PAGE_SIZE = 50;

/** The download URL of an export file (§7 {webservices}/File/{fileSystemItemType}/{fileUID}). */
export function exportDownloadUrl(fileUID: string): string {
  return apiUrl("webservices", `File/Export/${encodeURIComponent(fileUID)}`);
}

/** What an export row offers: a download, its task log, or neither. */
export function exportAction(item: ExportItem): "download" | "expired" | "taskLog" | "none" {
  if (item.FileUID) return item.IsExpired ? "expired" : "download";
  return item.TaskRecId !== null ? "taskLog" : "none";
}
