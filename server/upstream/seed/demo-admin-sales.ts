/**
 * Demo sales and service records of the admin screens: blocked IPs (failed sign-ins, a manual block
 * with an end, an IPv6 abuse network, an expired block), prospects in every state of the funnel,
 * credit notes (one issued, one draft), and a professional services project with booked hours.
 */

import { blockedIps } from "../admin/blocked-ips.ts";
import { creditNotes } from "../admin/credit-notes.ts";
import { parseIpBlock } from "../admin/ip-addresses.ts";
import { timeTracking } from "../admin/projects.ts";
import { prospects } from "../admin/prospects.ts";
import type { AdminSeedKit } from "./admin-seed-kit.ts";

const DAY = 86_400_000;

/** Seeds the sales and service records. */
export async function seedDemoAdminSales(kit: AdminSeedKit): Promise<void> {
  const { records, now, at } = kit;
  // Blocked addresses: failed sign-ins, a manual block with an end, abuse from an IPv6 network, an expired one.
  const block = async (ip: string, reason: string, ago: number, values: Record<string, unknown> = {}) => {
    const parsed = parseIpBlock(ip);
    if (typeof parsed === "string") throw new Error(parsed);
    await records.create(
      blockedIps.spec,
      {
        IpAddress: parsed.canonical,
        IpVersion: parsed.version,
        StartKey: parsed.startKey,
        EndKey: parsed.endKey,
        Reason: reason,
        ...values,
      },
      at(ago),
    );
  };
  await block("203.0.113.45", "FailedLogins", 2 * DAY, {
    Note: "12 failed sign-ins for owner@northwind.example within 5 minutes.",
    CountryCode: "NL",
  });
  await block("198.51.100.0/24", "Manual", 5 * DAY, {
    BlockedUntil: new Date(now + 25 * DAY).toISOString(),
    Note: "Scraper network reported by Contoso.",
    CountryCode: "DE",
  });
  await block("2001:db8:bad::/48", "Abuse", 9 * DAY, {
    Note: "Credential stuffing across several accounts.",
  });
  await block("192.0.2.10", "FailedLogins", 40 * DAY, {
    BlockedUntil: new Date(now - 33 * DAY).toISOString(),
    CountryCode: "US",
  });

  // Prospects in every state of the funnel.
  const lead = (
    company: string,
    contact: string,
    email: string,
    source: string,
    status: string,
    ago: number,
    extra = {},
  ) =>
    records.create(
      prospects.spec,
      { CompanyName: company, ContactName: contact, Email: email, Source: source, Status: status, ...extra },
      at(ago),
    );
  await lead("Fabrikam Retail", "Frank Fischer", "frank@fabrikam.example", "ContactForm", "New", 1 * DAY, {
    CountryCode: "DE",
    LanguageCode: "de",
  });
  await lead("Adatum Logistics", "Ada Tum", "ada@adatum.example", "Event", "Contacted", 6 * DAY, {
    AssignedToRecId: kit.admin.recId,
    Phone: "+31 20 555 0100",
    CountryCode: "NL",
  });
  await lead("Litware Health", "Lina Ware", "lina@litware.example", "Referral", "Qualified", 14 * DAY, {
    AssignedToRecId: kit.clerk.recId,
    Notes: "Needs 2FA required for all users; 40 seats.",
  });
  await lead("Proseware Finance", "Paul Rose", "paul@proseware.example", "Partner", "Lost", 60 * DAY, {
    Notes: "Chose an on-premises product.",
  });

  // Credit notes: one issued against a paid invoice, one draft.
  const issued = await records.create(
    creditNotes.spec,
    {
      AccountRecId: kit.northwind.recId,
      InvoiceNumber: "INV-2024-0002",
      Amount: 25,
      Currency: "EUR",
      Reason: "One seat was billed twice in December.",
    },
    at(20 * DAY),
  );
  await records.transition(
    creditNotes.spec,
    [issued.RecId as number],
    creditNotes.transitions?.[0]?.change ?? { set: {} },
    at(19 * DAY),
  );
  await records.create(
    creditNotes.spec,
    {
      AccountRecId: kit.northwind.recId,
      InvoiceNumber: "INV-2024-0003",
      Amount: 50,
      Currency: "EUR",
      Reason: "Goodwill for the export outage.",
    },
    at(DAY),
  );

  // A professional services project with booked hours.
  const project = await kit.context.store.admin.support.createProject(
    {
      accountId: kit.contoso.recId,
      name: "Contoso white-label rollout",
      status: "Active",
      managerUserId: kit.admin.recId,
      description: "Branding, SSO preparation and dashboard templates.",
      startDate: new Date(now - 30 * DAY).toISOString().slice(0, 10),
      dueDate: new Date(now + 30 * DAY).toISOString().slice(0, 10),
      estimatedHours: 80,
      isBillable: true,
    },
    now - 30 * DAY,
  );
  for (const [days, hours, text] of [
    [20, 6, "Kick-off and branding workshop"],
    [12, 4.5, "Menu and logo configuration"],
    [3, 2, "Dashboard template review"],
  ] as const) {
    await records.create(
      timeTracking.spec,
      {
        Date: new Date(now - days * DAY).toISOString().slice(0, 10),
        Hours: hours,
        ProjectRecId: project,
        AccountRecId: kit.contoso.recId,
        IsBillable: true,
        Description: text,
      },
      at(days * DAY),
    );
  }
}
