/**
 * The session the views below read: this page's session store unless a provider gives another —
 * the studio's preview as a user gives the previewed user's (screens/admin/studio/preview/).
 */
import { createContext, useContext } from "react";
import { type Store, useStore } from "../state/create-store.ts";
import { type SessionState, sessionStore } from "./session-store.ts";

/** The session store of the views below; the page's by default. */
export const SessionStoreContext = createContext<Store<SessionState>>(sessionStore);

/** Reads a slice of the view's session, re-rendering on change. */
export function useSession<T>(select: (state: SessionState) => T): T {
  return useStore(useContext(SessionStoreContext), select);
}
