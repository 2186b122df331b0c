/**
 * The notification list of a previewed shell shows a few sample entries (§4.3 codes an account's
 * members receive), so a template the draft changes shows as it will read: rendered by the real
 * formatter and entry. Their names are texts of the previewed language; no record id, file or
 * author refers to anything real.
 */
import type { NotificationRecord } from "../../../../../schemas/payloads/notification-record.ts";

/** One minute, for the samples' ages. */
const MINUTE_MS = 60_000;

/**
 * Three samples, newest first: a team membership (new), an export ready to download, a finished
 * schedule; `text` gives the sample names in the previewed language.
 */
export function sampleNotifications(text: (key: string) => string, nowMs: number): NotificationRecord[] {
  const at = (minutesAgo: number) => new Date(nowMs - minutesAgo * MINUTE_MS).toISOString();
  return [
    {
      RecId: 3,
      Code: "AddedToTeam",
      Date: at(5),
      IsNew: true,
      AuthorFullName: text("StudioPreview_SampleAuthor"),
      TeamName: text("StudioPreview_SampleTeam"),
    },
    {
      RecId: 2,
      Code: "ExportSucceeded",
      Date: at(90),
      IsNew: false,
      ExportName: text("StudioPreview_SampleExport"),
    },
    {
      RecId: 1,
      Code: "ScheduleCompleted",
      Date: at(60 * 26),
      IsNew: false,
      ScheduleName: text("StudioPreview_SampleSchedule"),
    },
  ];
}
