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

/** The sort state of a column header: ascending, descending or not sorted. */
export function SortIcon({ direction }: { direction: "asc" | "desc" | null }) {
  if (direction === "asc") {
    return (
      <Svg>
        <path d="M8 12V4M4.5 7.5L8 4l3.5 3.5" />
      </Svg>
    );
  }
  if (direction === "desc") {
    return (
      <Svg>
        <path d="M8 4v8M4.5 8.5L8 12l3.5-3.5" />
      </Svg>
    );
  }
  return (
    <Svg>
      <path d="M5 6l3-3 3 3M5 10l3 3 3-3" />
    </Svg>
  );
}

/** A chevron pointing left or right, doubled for first and last. */
export function PageIcon({ kind }: { kind: "first" | "previous" | "next" | "last" }) {
  const paths = {
    first: "M8.5 4l-4 4 4 4M12.5 4l-4 4 4 4",
    previous: "M10 4l-4 4 4 4",
    next: "M6 4l4 4-4 4",
    last: "M3.5 4l4 4-4 4M7.5 4l4 4-4 4",
  } as const;
  return (
    <Svg>
      <path d={paths[kind]} />
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
