/**
 * The anonymous white-label branding of a sign-in domain (§6: a white-label account's title replaces
 * the product name everywhere, the sign-in page included once the domain is known):
 * `{webservices}/account/branding/{domain}` answers `{ Title, HasLogo }` and
 * `{webservices}/account/branding/{domain}/logo` serves that account's logo for the page's icon.
 *
 * Anonymous-safe: nothing but the title and whether a logo exists, and only for white-label accounts
 * — what their own sign-in pages show anyway. A domain that is unknown, disabled, malformed or not
 * white-label gets exactly the same answer (`{ Title: null, HasLogo: false }`, and 404 for the logo),
 * so the call cannot tell which domains exist. One indexed lookup, cacheable for a minute.
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { sendStoredFile } from "../files/send-stored-file.ts";
import { notFound } from "../http/errors.ts";
import { DOMAIN_PATTERN } from "../http/schemas.ts";
import type { AccountRecord } from "../store/records.ts";
import { whiteLabelTitle } from "./white-label.ts";

/** How long browsers and proxies may keep an answer (a title change shows within it). */
const BRANDING_MAX_AGE_SECONDS = 60;

const DOMAIN = new RegExp(DOMAIN_PATTERN);

const domainParams = {
  type: "object",
  properties: {
    // Any text up to a label's length: a malformed domain answers like an unknown one, not 400.
    domain: { type: "string", minLength: 1, maxLength: 63, description: "Sign-in domain." },
  },
  required: ["domain"],
  additionalProperties: false,
} as const;

/** What the anonymous branding call answers. */
export interface DomainBranding {
  /** The white-label title ("" for none); null when the product's own name applies. */
  Title: string | null;
  HasLogo: boolean;
}

/** The answer for a domain that is unknown, disabled or not white-label: all look the same. */
export const NEUTRAL_BRANDING: DomainBranding = { Title: null, HasLogo: false };

/** The branding `account` shows before sign-in (the account behind a domain, or none). */
export function domainBranding(account: AccountRecord | undefined): DomainBranding {
  if (!account || account.disabled) return NEUTRAL_BRANDING;
  const title = whiteLabelTitle(account);
  if (title === null) return NEUTRAL_BRANDING;
  return { Title: title, HasLogo: account.hasPrimaryLogo || account.hasMenuLogo };
}

/** Registers the anonymous branding calls under the webservices base. */
export function registerBrandingRoutes(ws: FastifyInstance, context: UpstreamContext): void {
  const { store } = context;

  /** The white-label account behind `domain`, or undefined for every other case alike. */
  const whiteLabelAccount = async (domain: string): Promise<AccountRecord | undefined> => {
    const normalized = domain.toLowerCase();
    if (!DOMAIN.test(normalized)) return undefined;
    const account = await store.accounts.resolveByDomain(normalized);
    return account && domainBranding(account).Title !== null ? account : undefined;
  };

  ws.get("/account/branding/:domain", { schema: { params: domainParams } }, async (request, reply) => {
    const { domain } = request.params as { domain: string };
    reply.header("Cache-Control", `public, max-age=${BRANDING_MAX_AGE_SECONDS}`);
    return domainBranding(await whiteLabelAccount(domain));
  });

  ws.get("/account/branding/:domain/logo", { schema: { params: domainParams } }, async (request, reply) => {
    const { domain } = request.params as { domain: string };
    const account = await whiteLabelAccount(domain);
    // The primary logo first: the square mark suits a tab icon better than the wide menu logo.
    const logo = account
      ? ((await store.accounts.logo(account.recId, "Primary")) ??
        (await store.accounts.logo(account.recId, "Menu")))
      : undefined;
    if (!logo) throw notFound("Logo");
    reply.header("Cache-Control", `public, max-age=${BRANDING_MAX_AGE_SECONDS}`);
    return sendStoredFile(reply, logo.data, "logo");
  });
}
