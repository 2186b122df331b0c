/**
 * The small icons of the admin screens, drawn in the current text colour. Decorative: the control
 * that shows one carries the accessible name.
 */
import type { ReactNode } from "react";

function Svg({ children }: { children: ReactNode }) {
  return (
    <svg
      className="admin-icon"
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** A cross: close. */
export function CloseIcon() {
  return (
    <Svg>
      <path d="M4 4l8 8M12 4l-8 8" />
    </Svg>
  );
}

/** Three dots: more actions. */
export function MoreIcon() {
  return (
    <Svg>
      <circle cx="3.5" cy="8" r="0.75" fill="currentColor" />
      <circle cx="8" cy="8" r="0.75" fill="currentColor" />
      <circle cx="12.5" cy="8" r="0.75" fill="currentColor" />
    </Svg>
  );
}

/** A check mark (a true boolean cell). */
export function CheckIcon() {
  return (
    <Svg>
      <path d="M3.5 8.5l3 3 6-7" />
    </Svg>
  );
}

/** A dash (a false boolean cell). */
export function DashIcon() {
  return (
    <Svg>
      <path d="M4.5 8h7" />
    </Svg>
  );
}
