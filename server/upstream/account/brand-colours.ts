/**
 * The account's shell colours as the upstream stores them (DESIGN.md: white-label accounts have
 * their own shell's colours): canonical `#rrggbb`, and refused under the WCAG 2.2 AA rule of
 * core/branding/contrast.ts — the same rule the runtime shows live — with every failing pair and
 * its measured ratio in the message. Account/Settings and /admin/accounts both write through it.
 */
import { brandCheckMessage, brandVerdict, canonicalHexColour } from "../../../core/branding/contrast.ts";
import { badRequest } from "../http/errors.ts";

/** The colours of a change: a colour, null for the product's own, or absent to keep the stored one. */
export interface BrandColoursChange {
  primary?: string | null;
  accent?: string | null;
}

/** The colours to store, lower case. */
export interface StoredBrandColours {
  primary: string | null;
  accent: string | null;
}

const canonical = (colour: string | null) => (colour === null ? null : canonicalHexColour(colour));

/**
 * The colours to store after `change` over `stored`. Only the colours the change sends are checked
 * (a stored colour passed when it was saved); a 400 InsufficientBrandContrast names each failing
 * pair and its ratio, e.g. "Primary colour #8899aa with white text: contrast 2.92:1, needs 4.5:1."
 */
export function checkedBrandColours(
  change: BrandColoursChange,
  stored: StoredBrandColours,
): StoredBrandColours {
  const sent = {
    primary: change.primary === undefined ? null : canonical(change.primary),
    accent: change.accent === undefined ? null : canonical(change.accent),
  };
  // The request schema admits only #rrggbb, so canonical() cannot fail here; a caller that skipped
  // the schema is refused like any other malformed field.
  if ((change.primary && !sent.primary) || (change.accent && !sent.accent)) {
    throw badRequest("InvalidRequest", "A brand colour must be #rrggbb.");
  }
  const failing = brandVerdict(sent).checks.filter((check) => !check.ok);
  if (failing.length > 0) {
    throw badRequest("InsufficientBrandContrast", `${failing.map(brandCheckMessage).join("; ")}.`);
  }
  return {
    primary: change.primary === undefined ? stored.primary : sent.primary,
    accent: change.accent === undefined ? stored.accent : sent.accent,
  };
}
