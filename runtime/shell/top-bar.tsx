/**
 * The top menu bar (§2.5): navigation panel and admin menu buttons, the account
 * logo and title, the help menu, the notifications and support chat slots, the
 * impersonation badge (§4.2) and the user menu. Signed out, only the brand shows;
 * the signed-in parts load with the first session (top-bar-signed-in.tsx), not with the sign-in page.
 */
import { lazy, Suspense } from "react";
import type { AccessProfile } from "../../core/access/access-profile.ts";
import { useManifest } from "../state/manifest-context.tsx";
import { Brand } from "./brand.tsx";
import type { ShellChrome } from "./shell-chrome.ts";
import type { ShellUser } from "./shell-user.ts";
import type { MenuHandlers } from "./top-bar-menus.tsx";

const SignedInTopBarStart = lazy(() =>
  import("./top-bar-signed-in.tsx").then((m) => ({ default: m.SignedInTopBarStart })),
);
const SignedInTopBarEnd = lazy(() =>
  import("./top-bar-signed-in.tsx").then((m) => ({ default: m.SignedInTopBarEnd })),
);

/** Props: which parts show, the signed-in user and profile (null when signed out), the menu handlers. */
export interface TopBarProps {
  chrome: ShellChrome;
  user: ShellUser | null;
  profile: AccessProfile | null;
  handlers: MenuHandlers;
}

/** The banner landmark of the page. */
export function TopBar({ chrome, user, profile, handlers }: TopBarProps) {
  const { shell, menus } = useManifest();
  const signedIn = user && profile && menus ? { chrome, user, profile, menus, handlers } : null;
  return (
    <header className="shell-top-bar">
      <div className="shell-top-bar__start">
        {signedIn ? (
          <Suspense fallback={null}>
            <SignedInTopBarStart {...signedIn} />
          </Suspense>
        ) : null}
        <Brand shell={shell} account={user?.account ?? null} />
      </div>
      {signedIn ? (
        <Suspense fallback={null}>
          <SignedInTopBarEnd {...signedIn} />
        </Suspense>
      ) : null}
    </header>
  );
}
