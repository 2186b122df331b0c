/**
 * SPEC §8: a control missing a uid logs a console error. Every form control of the kit takes a required
 * `uid` prop (the stable identifier tests, forms and the legacy bridge address it by); this is the
 * runtime half of that rule for callers outside TypeScript (manifests, rjsf).
 */
import { useEffect, useId } from "react";

/** Whether `uid` is usable; logs the §8 console error when it is not. */
export function checkUid(component: string, uid: unknown): uid is string {
  if (typeof uid === "string" && uid.trim() !== "") return true;
  console.error(`${component}: a form control needs a uid (§8); got ${JSON.stringify(uid)}`);
  return false;
}

/** The DOM id of a control: its uid, or a generated id after logging the §8 error when the uid is missing. */
export function useControlId(component: string, uid: unknown): string {
  const fallback = useId();
  const valid = typeof uid === "string" && uid.trim() !== "";
  useEffect(() => {
    checkUid(component, uid);
  }, [component, uid]);
  return valid ? (uid as string) : `missing-uid${fallback}`;
}
