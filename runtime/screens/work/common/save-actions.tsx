/**
 * The Save / Discard pair under an editable form (account settings, the custom menu): both
 * disabled until something changed and while a save runs; Save is the primary action and carries
 * the ref its success tooltip anchors to.
 */
import type { RefObject } from "react";
import "./work.css";

/** Props: the two labels, the form's state and what each button does. */
export interface SaveActionsProps {
  saveLabel: string;
  discardLabel: string;
  changed: boolean;
  busy: boolean;
  onSave: () => void;
  onDiscard: () => void;
  saveButton?: RefObject<HTMLButtonElement | null>;
}

/** Save and Discard for a form. */
export function SaveActions(props: SaveActionsProps) {
  const blocked = !props.changed || props.busy;
  return (
    <div className="work-actions">
      <button
        ref={props.saveButton}
        type="button"
        className="kit-button kit-button--primary"
        disabled={blocked}
        aria-busy={props.busy}
        onClick={props.onSave}
      >
        {props.saveLabel}
      </button>
      <button type="button" className="kit-button" disabled={blocked} onClick={props.onDiscard}>
        {props.discardLabel}
      </button>
    </div>
  );
}
