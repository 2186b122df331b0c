/**
 * The few icons the shell chrome draws itself (menu button, help, user, banner
 * kinds, socket disconnected). Decorative: the controls carry their own names.
 */
import type { ReactNode } from "react";

function Svg({ children }: { children: ReactNode }) {
  return (
    <svg
      className="shell-icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** Three bars: the navigation panel button. */
export function MenuIcon() {
  return (
    <Svg>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </Svg>
  );
}

/** Sliders: the admin menu button. */
export function AdminIcon() {
  return (
    <Svg>
      <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
      <circle cx="15" cy="6" r="2" />
      <circle cx="9" cy="12" r="2" />
      <circle cx="17" cy="18" r="2" />
    </Svg>
  );
}

/** A question mark in a circle: the help menu. */
export function HelpIcon() {
  return (
    <Svg>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 0 1 4.9.7c0 1.8-2.4 2.2-2.4 3.8M12 17h.01" />
    </Svg>
  );
}

/** A person: the user menu when no avatar can be shown. */
export function UserIcon() {
  return (
    <Svg>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5" />
    </Svg>
  );
}

/** A small chevron marking a menu button. */
export function ChevronDownIcon() {
  return (
    <Svg>
      <path d="M6 9l6 6 6-6" />
    </Svg>
  );
}

/** A plug crossed out: §8's socket-disconnected icon. */
export function SocketDisconnectedIcon() {
  return (
    <Svg>
      <path d="M9 3v4M15 3v4M7 7h10v4a5 5 0 0 1-10 0zM12 16v5M3 3l18 18" />
    </Svg>
  );
}

/** A tick in a circle: success banners. */
export function SuccessIcon() {
  return (
    <Svg>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l2.5 2.5L16 9.5" />
    </Svg>
  );
}

/** A triangle with an exclamation mark: warning banners. */
export function WarningIcon() {
  return (
    <Svg>
      <path d="M12 3l10 18H2zM12 10v5M12 18h.01" />
    </Svg>
  );
}

/** A cross in a circle: error banners. */
export function ErrorIcon() {
  return (
    <Svg>
      <circle cx="12" cy="12" r="9" />
      <path d="M9 9l6 6M15 9l-6 6" />
    </Svg>
  );
}
