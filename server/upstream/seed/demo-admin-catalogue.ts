/**
 * Demo catalogue records of the admin screens: help center articles, the query function catalogue,
 * login announcements with an audience, and system media.
 */
import { helpCenter, loginAnnouncements, queryFunctions } from "../admin/catalogue.ts";
import { systemMedia } from "../admin/system-media.ts";
import { drawLogoMark } from "../files/png.ts";
import { generateUid } from "../identity/secrets.ts";
import type { AdminSeedKit } from "./admin-seed-kit.ts";

const DAY = 86_400_000;

/** Seeds articles, functions, announcements and system media. */
export async function seedDemoAdminCatalogue(kit: AdminSeedKit): Promise<void> {
  const { records, now, at } = kit;
  const articles = [
    [
      "Share a dashboard with a team",
      "share-dashboard",
      "Faq",
      "en",
      "Open the dashboard, choose Share, then pick the team. Team members see it under Team.",
    ],
    [
      "Ein Dashboard mit einem Team teilen",
      "share-dashboard",
      "Faq",
      "de",
      "Dashboard öffnen, Teilen wählen und das Team auswählen.",
    ],
    [
      "Your first data connection",
      "first-connection",
      "Tutorial",
      "en",
      "Connections → New → choose a connector, enter the credentials and test the connection.",
    ],
    [
      "Release 8.4",
      "release-8-4",
      "ReleaseNote",
      "en",
      "Document-database connectors, faster exports, and the new admin screens.",
    ],
    [
      "Two-factor authentication for your account",
      "two-factor",
      "Article",
      "en",
      "Account settings → Security: require 2FA for every user, or let users choose.",
    ],
  ] as const;
  for (const [index, [title, code, type, language, body]] of articles.entries()) {
    await records.create(
      helpCenter.spec,
      {
        Title: title,
        Code: code,
        Type: type,
        LanguageCode: language,
        SortOrder: index * 10,
        IsPublished: index !== 4,
        // The first sentence: the help center lists it under the title.
        Summary: body.split(/(?<=\.)\s/)[0]?.slice(0, 200) ?? null,
        Body: body,
      },
      at((20 - index) * DAY),
    );
  }
  // Help mode's articles with formatted bodies (the Body is staff-written HTML, sanitised by the runtime).
  const formatted = [
    [
      "Build your first dashboard",
      "first-dashboard",
      "Tutorial",
      "From a table to a shared dashboard in three steps.",
      "<p>A dashboard puts the charts of your tables on one page.</p>" +
        "<h2>Steps</h2><ol><li>Open <strong>Dashboards</strong> and choose <em>New</em>.</li>" +
        "<li>Add a widget and pick a table.</li><li>Save and share it with your team.</li></ol>" +
        '<p>More ideas on <a href="https://help.tessera.example/tutorials">the help site</a>.</p>',
    ],
    [
      "Invite people to your account",
      "invite-users",
      "Faq",
      "Add colleagues to your account by e-mail.",
      "<p>Open <strong>Users</strong>, choose <em>Invite</em> and enter their e-mail addresses.</p>" +
        "<ul><li>Each person receives an e-mail to join.</li><li>Roles decide what they may open.</li></ul>",
    ],
  ] as const;
  for (const [index, [title, code, type, summary, body]] of formatted.entries()) {
    await records.create(
      helpCenter.spec,
      {
        Title: title,
        Code: code,
        Type: type,
        LanguageCode: "en",
        SortOrder: 100 + index * 10,
        IsPublished: true,
        Summary: summary,
        Body: body,
      },
      at((10 - index) * DAY),
    );
  }

  const functions = [
    ["SUM", "Aggregate", "Number", "SUM(expression)", "Adds up the values.", "SUM([Revenue])"],
    ["AVG", "Aggregate", "Number", "AVG(expression)", "Average of the values.", "AVG([Order total])"],
    ["COUNT", "Aggregate", "Number", "COUNT(expression)", "Number of non-empty values.", "COUNT([Order id])"],
    [
      "DATEADD",
      "Date",
      "Date",
      "DATEADD(part, amount, date)",
      "Adds an interval to a date.",
      "DATEADD('day', 7, [Ordered at])",
    ],
    [
      "DATEDIFF",
      "Date",
      "Number",
      "DATEDIFF(part, start, end)",
      "Interval between two dates.",
      "DATEDIFF('day', [Ordered at], [Shipped at])",
    ],
    [
      "ROUND",
      "Math",
      "Number",
      "ROUND(number, digits)",
      "Rounds to a number of digits.",
      "ROUND([Margin], 2)",
    ],
    ["CONCAT", "Text", "Text", "CONCAT(text, …)", "Joins texts.", "CONCAT([First name], ' ', [Last name])"],
    ["UPPER", "Text", "Text", "UPPER(text)", "Text in capitals.", "UPPER([Country])"],
    [
      "IF",
      "Logical",
      "Any",
      "IF(condition, then, else)",
      "Chooses a value by a condition.",
      "IF([Paid], 'Paid', 'Open')",
    ],
    [
      "TONUMBER",
      "Conversion",
      "Number",
      "TONUMBER(text)",
      "Converts text to a number.",
      "TONUMBER([Quantity text])",
    ],
    [
      "ROW_NUMBER",
      "Window",
      "Number",
      "ROW_NUMBER() OVER (PARTITION BY … ORDER BY …)",
      "Position of the row in its partition.",
      "ROW_NUMBER() OVER (ORDER BY [Revenue] DESC)",
    ],
  ] as const;
  for (const [name, category, returns, syntax, description, example] of functions) {
    const parameters = JSON.stringify(
      syntax
        .replace(/^[^(]*\(|\).*$/g, "")
        .split(",")
        .filter((p) => p.trim() && p.trim() !== "…")
        .map((p) => ({ Name: p.trim(), Type: "Any" })),
    );
    await records.create(
      queryFunctions.spec,
      {
        Name: name,
        Category: category,
        ReturnType: returns,
        IsEnabled: true,
        Syntax: syntax,
        Description: description,
        Parameters: parameters,
        Example: example,
      },
      at(60 * DAY),
    );
  }

  const { items: announcements } = await records.list(
    loginAnnouncements.spec,
    { limit: 10, offset: 0, filters: {} },
    at(),
  );
  for (const announcement of announcements) {
    await records.update(
      loginAnnouncements.spec,
      announcement.RecId as number,
      { Severity: "Info", ToDate: new Date(now + 30 * DAY).toISOString() },
      at(),
    );
  }
  await records.create(
    loginAnnouncements.spec,
    {
      Title: "Planned maintenance on Sunday",
      Severity: "Maintenance",
      Body: "Contoso's data connections pause on Sunday 02:00–03:00 UTC for a database upgrade.",
      FromDate: new Date(now + DAY).toISOString(),
      ToDate: new Date(now + 5 * DAY).toISOString(),
      TargetAccountRecId: kit.contoso.recId,
      IsActive: true,
    },
    at(),
  );

  const png = drawLogoMark(120, 40, [15, 23, 42, 255]);
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10" fill="#2563eb"/></svg>',
  );
  for (const [name, category, type, data] of [
    ["tessera-logo.png", "Logo", "image/png", png],
    ["status-dot.svg", "Icon", "image/svg+xml", svg],
  ] as const) {
    await records.create(
      systemMedia.spec,
      {
        FileName: name,
        Category: category,
        ContentType: type,
        SizeBytes: data.length,
        FileUID: generateUid(),
        Data: data,
        AltText: name.replace(/\..*$/, ""),
      },
      at(30 * DAY),
    );
  }
}
