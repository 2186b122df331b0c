/**
 * Two tenants on a store place of ./upstream-store-backends.ts, for the family contract suites'
 * cross-tenant cases: accounts A and B, each with its owner (role "Owner") and one more member.
 */
import type { FeatureId } from "../../server/upstream/identity/features.ts";
import type { PostgresFamilies } from "../../server/upstream/store/postgres/stores.ts";
import type { UserRecord, UserWithAccount } from "../../server/upstream/store/records.ts";
import type { NewAccountInput } from "../../server/upstream/store/types/identity.ts";

/** A new account's input: domain, owner e-mail, the rest fixed. */
export function tenantInput(
  domain: string,
  email: string,
  extra: Partial<NewAccountInput> = {},
): NewAccountInput {
  return {
    name: `Company ${domain}`,
    domain,
    subscriptionType: "Professional",
    features: new Map<FeatureId, "Included" | "Optional">([["Dashboards" as FeatureId, "Included"]]),
    ownerRole: { name: "Owner", permissions: "Dashboards_rw" },
    owner: { email, fullName: `Owner of ${domain}`, passwordHash: "hash-owner" },
    ...extra,
  };
}

/** An account with its owner and a second member. */
export interface Tenant extends UserWithAccount {
  member: UserRecord;
}

/** Creates accounts alpha.example and beta.example, each with its owner and a member "Member <domain>". */
export async function createTenants(store: PostgresFamilies, now: () => number): Promise<[Tenant, Tenant]> {
  const made: Tenant[] = [];
  for (const domain of ["alpha.example", "beta.example"]) {
    const created = await store.accounts.create(tenantInput(domain, `owner@${domain}`), now());
    const member = await store.users.create(
      created.account.recId,
      { email: `member@${domain}`, fullName: `Member ${domain}`, passwordHash: "hash-member" },
      now(),
    );
    made.push({ ...created, member });
  }
  return [made[0] as Tenant, made[1] as Tenant];
}
