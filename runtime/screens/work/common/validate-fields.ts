/** Form submit for kit fields: runs every field's §5 rules and moves the focus to the first failing one. */
import type { RefObject } from "react";
import type { FieldHandle } from "../../../components/fields/use-field-error.ts";

/** Validates every field (all show their errors); focuses the first failing one; true when all pass. */
export function validateFields(fields: ReadonlyArray<RefObject<FieldHandle | null>>): boolean {
  let first: FieldHandle | null = null;
  for (const ref of fields) {
    const field = ref.current;
    if (field && !field.validate() && first === null) first = field;
  }
  first?.focus();
  return first === null;
}
