/**
 * Demo mail and synchronisation records of the admin screens: delivery reports of the mail relay
 * (sent, bounced, failed), received mail in the inbox and in spam, and an account synchronisation.
 */
import { accountSynchronizer } from "../admin/object-tools.ts";
import type { AdminSeedKit } from "./admin-seed-kit.ts";

const DAY = 86_400_000;
const MINUTE = 60_000;

/** Seeds mail delivery, received mail and a synchronisation. */
export async function seedDemoAdminMail(kit: AdminSeedKit): Promise<void> {
  const { now, at, records } = kit;
  // Mail: the relay's delivery reports, and what came in.
  const welcome = await kit.context.store.outbox.record({
    accountId: kit.contoso.recId,
    kind: "Welcome",
    to: "admin@contoso.example",
    subject: "Welcome to Contoso Ltd",
    body: "Hello Carla Contoso,\nyour account Contoso Ltd is ready.",
    createdAt: now - 60 * DAY,
  });
  await kit.context.store.admin.system.setMailDelivery(welcome, {
    status: "Sent",
    attempts: 1,
    queuedAt: now - 60 * DAY,
    sentAt: now - 60 * DAY + MINUTE,
    lastError: null,
  });
  const bounced = await kit.context.store.outbox.record({
    accountId: kit.northwind.recId,
    kind: "PasswordReset",
    to: "former.employee@northwind.example",
    subject: "Reset your password",
    body: "Hello,\nsomeone asked to reset the password of your user in Northwind Analytics.",
    createdAt: now - 3 * DAY,
  });
  await kit.context.store.admin.system.setMailDelivery(bounced, {
    status: "Bounced",
    attempts: 1,
    queuedAt: now - 3 * DAY,
    sentAt: now - 3 * DAY + MINUTE,
    lastError: "550 5.1.1 The mailbox does not exist.",
  });
  const failed = await kit.context.store.outbox.record({
    accountId: kit.starter.recId,
    kind: "Invitation",
    to: "stella.new@northwind.example",
    subject: "You are invited to Northwind Starter",
    body: "Hello,\na user was created for you in Northwind Starter.",
    createdAt: now - DAY,
  });
  await kit.context.store.admin.system.setMailDelivery(failed, {
    status: "Failed",
    attempts: 3,
    queuedAt: now - DAY,
    sentAt: null,
    lastError: "421 4.7.0 Try again later (greylisted).",
  });
  const inbound = [
    [
      "Inbox",
      "owner@northwind.example",
      "support@tessera.example",
      "Re: [Ticket] Export fails & times out",
      "SupportReply",
      kit.northwind.recId,
      "Processed",
      null,
      null,
      null,
      0,
    ],
    [
      "Inbox",
      "analyst@northwind.example",
      "data+orders@tessera.example",
      "Orders February",
      "DataByEmail",
      kit.northwind.recId,
      "Failed",
      "The attachment orders.xlsx has no sheet named Orders.",
      null,
      null,
      1,
    ],
    [
      "Inbox",
      "noreply@vendor.example",
      "billing@tessera.example",
      "Your invoice",
      "Unknown",
      null,
      "Rejected",
      "No handler for billing@tessera.example.",
      null,
      null,
      1,
    ],
    [
      "Spam",
      "prize@lottery.example",
      "support@tessera.example",
      "You have won!!!",
      "Unknown",
      null,
      "Received",
      null,
      9.7,
      "Bulk sender on two block lists; prize wording.",
      0,
    ],
    [
      "Spam",
      "seo-services@mailer.example",
      "admin@tessera.example",
      "Rank #1 on search engines",
      "Unknown",
      null,
      "Received",
      null,
      7.2,
      "Unsolicited marketing.",
      0,
    ],
  ] as const;
  for (const [
    index,
    [folder, from, to, subject, handler, accountId, status, error, score, reason, attachments],
  ] of inbound.entries()) {
    await kit.context.store.admin.system.recordInboundMail({
      folder,
      from,
      to,
      subject,
      body: `${subject}\n\n(sample message)`,
      receivedAt: now - (index + 1) * 7 * 3_600_000,
      attachmentCount: attachments,
      handler,
      accountId,
      status,
      errorMessage: error,
      spamScore: score,
      spamReason: reason,
    });
  }

  await records.create(
    accountSynchronizer.spec,
    {
      Name: "Northwind templates to Starter",
      IsEnabled: true,
      SourceAccountRecId: kit.northwind.recId,
      TargetAccountRecId: kit.starter.recId,
      Mode: "AddAndUpdate",
      Frequency: "Manual",
      ObjectTypes: ["Dashboard", "Report"],
      IncludeData: false,
    },
    at(7 * DAY),
  );
}
