/**
 * The branding of the sign-in domain a public page knows (`?domain=`, as mail links write it), from
 * the anonymous `{webservices}/account/branding/{domain}` call (§6: a white-label account's title on
 * its sign-in page). Cosmetic: when the call fails, the page keeps the product name.
 */

import { apiRequest } from "../http/api-client.ts";
import { createStore } from "../state/create-store.ts";
import type { DomainBranding } from "./product-name.ts";

/** The answer of the branding call. */
interface BrandingAnswer {
  Title: string | null;
  HasLogo: boolean;
}

/** The last sign-in domain's branding; it stays for the page's life until another domain is known. */
export const domainBrandingStore = createStore<{ branding: DomainBranding | null }>({ branding: null });

/** The domain asked for last: an older answer that arrives late is dropped. */
let asked: string | null = null;

/** Asks for `domain`'s branding (once per domain) and keeps it in the store. */
export async function loadDomainBranding(
  domain: string,
  request: typeof apiRequest = apiRequest,
): Promise<void> {
  const key = domain.toLowerCase();
  if (asked === key) return;
  asked = key;
  let answer: BrandingAnswer | null;
  try {
    answer = await request<BrandingAnswer>(`account/branding/${encodeURIComponent(key)}`, {
      base: "webservices",
    });
  } catch {
    answer = null;
  }
  if (asked !== key) return;
  if (!answer) {
    // Failed: asked again on the next page that names the domain.
    asked = null;
    return;
  }
  const branding: DomainBranding = {
    domain: key,
    title: typeof answer.Title === "string" ? answer.Title : null,
    hasLogo: answer.HasLogo === true,
  };
  domainBrandingStore.update((s) => {
    s.branding = branding;
  });
}
