/**
 * Sessions and messages as the staff calls and the chat hub carry them, for the console's state and
 * store suites: a waiting session of Northwind Analytics, and a member's text in it.
 */
import type {
  StaffMessageIn,
  StaffSession,
} from "../../../../../runtime/screens/admin/support-console/console-state.ts";

/** A waiting session whose member is "Member {RecId}", started on the RecId's second. */
export const staffSession = (RecId: number, patch: Partial<StaffSession> = {}): StaffSession => ({
  RecId,
  AccountRecId: 10,
  AccountName: "Northwind Analytics",
  UserRecId: 100 + RecId,
  UserFullName: `Member ${RecId}`,
  Status: "Waiting",
  Page: "/dashboards",
  StaffUserRecId: null,
  StaffFullName: null,
  StartedAt: `2024-05-01T10:00:0${RecId % 10}.000Z`,
  ArchivedAt: null,
  MessageCount: 1,
  LastMessageAt: null,
  Rating: null,
  Feedback: null,
  ...patch,
});

/** The member's text `UID` in session `sessionId`. */
export const memberMessage = (
  UID: string,
  sessionId: number,
  patch: Partial<StaffMessageIn> = {},
): StaffMessageIn => ({
  UID,
  Type: "Message",
  Text: `text ${UID}`,
  UserName: `Member ${sessionId}`,
  IsInternal: false,
  SupportSessionRecId: sessionId,
  ...patch,
});
