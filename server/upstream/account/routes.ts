/**
 * The signed-in member's own calls of §7: Common/LoggedInConfig, v2/User/Ping, PUT /User/Interface
 * (the interface preferences and, with LanguageCode, the user's language — §1 counts both as user
 * preferences), Common/WidgetThemes, the login announcement, and the debug-only Common/Language and
 * MySettings/ChangeLanguage.
 */
import type { FastifyInstance } from "fastify";
import type { UpstreamContext } from "../context.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { callerOf, type Guards } from "../http/guards.ts";
import { recIdParams } from "../http/schemas.ts";
import { interfacePreferencesSchema, parseInterfacePreferences } from "./interface-preferences.ts";
import { SUPPORTED_LANGUAGES } from "./languages.ts";
import { announcementAudience, loggedInConfig } from "./logged-in-config.ts";

const languageCode = { enum: SUPPORTED_LANGUAGES.map((l) => l.code), description: "Language code." } as const;

const interfaceBody = {
  type: "object",
  properties: {
    InterfacePreferences: {
      description: "The preferences, as an object or as its JSON text (§3).",
      oneOf: [{ type: "string", maxLength: 4096 }, interfacePreferencesSchema],
    },
    LanguageCode: {
      ...languageCode,
      description:
        "The user's interface language, one of §1's seven (§4.2: login sets the language from it). " +
        "Absent: the stored language stays.",
    },
  },
  required: ["InterfacePreferences"],
  additionalProperties: false,
} as const;
const changeLanguageBody = {
  type: "object",
  properties: {
    Language: {
      description: "The language: its code, or a Language object (§3: Code, Name).",
      oneOf: [
        languageCode,
        {
          type: "object",
          properties: {
            Code: languageCode,
            Name: { type: "string", maxLength: 60, description: "Language name." },
          },
          required: ["Code"],
          additionalProperties: false,
        },
      ],
    },
  },
  required: ["Language"],
  additionalProperties: false,
} as const;

/**
 * The user's stored language after a save of My Settings (§1: the language is a user preference;
 * §4.2: login sets the language from it). An impersonating administrator's choice lives in the
 * impersonation language cookie (§4.2) and never becomes the impersonated user's language.
 */
export function storedLanguageAfterSave(
  caller: { user: { languageCode: string }; impersonator: unknown },
  sent: string | undefined,
): string {
  if (sent === undefined || caller.impersonator !== null) return caller.user.languageCode;
  return sent;
}

/** Registers the member's own calls under the application base. */
export function registerAccountRoutes(api: FastifyInstance, context: UpstreamContext, guards: Guards): void {
  const { store } = context;
  const signedIn = { onRequest: [guards.session] };

  api.get("/Common/LoggedInConfig", signedIn, async (request) => loggedInConfig(context, callerOf(request)));

  api.get("/v2/User/Ping", signedIn, async (request) => {
    const times = await context.sessions.ping(callerOf(request));
    return {
      ExpiresAt: new Date(times.expiresAt).toISOString(),
      AbsoluteExpiresAt: new Date(times.absoluteExpiresAt).toISOString(),
      DisconnectionWarningAt: new Date(times.warningAt).toISOString(),
    };
  });

  api.put("/User/Interface", { ...signedIn, schema: { body: interfaceBody } }, async (request) => {
    const caller = callerOf(request);
    const preferences = parseInterfacePreferences(
      (request.body as { InterfacePreferences: unknown }).InterfacePreferences,
    );
    if (!preferences) throw badRequest("InvalidRequest", "InterfacePreferences is not valid.");
    await store.users.setInterfacePreferences(
      caller.account.recId,
      caller.user.recId,
      JSON.stringify(preferences),
    );
    const language = storedLanguageAfterSave(
      caller,
      (request.body as { LanguageCode?: string }).LanguageCode,
    );
    if (language !== caller.user.languageCode)
      await store.users.setLanguage(caller.account.recId, caller.user.recId, language);
    return { InterfacePreferences: preferences, LanguageCode: language };
  });

  api.get("/Common/WidgetThemes", signedIn, async (request) =>
    store.widgetThemes.list(callerOf(request).account.recId),
  );

  // The announcement of the caller's audience they have not seen yet (logged-in-config.ts).
  api.get("/Common/LoginAnnouncement", signedIn, async (request) => {
    const audience = announcementAudience(callerOf(request));
    const announcement = await store.announcements.pendingFor(audience, context.now());
    if (!announcement) throw notFound("Announcement");
    return { RecId: announcement.recId, Title: announcement.title, Body: announcement.body };
  });

  api.post(
    "/Common/LoginAnnouncement/:recId/Seen",
    { ...signedIn, schema: { params: recIdParams } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { recId } = request.params as { recId: number };
      if (!(await store.announcements.runsFor(announcementAudience(caller), recId, context.now())))
        throw notFound("Announcement");
      await store.announcements.markSeen(caller.account.recId, caller.user.recId, recId, context.now());
      return reply.status(204).send();
    },
  );

  if (context.settings.debug) {
    // §7: debug builds only.
    api.get("/Common/Language", signedIn, async (request) => {
      const caller = callerOf(request);
      const code = caller.impersonator?.user.languageCode ?? caller.user.languageCode;
      const current = SUPPORTED_LANGUAGES.find((l) => l.code === code) ?? SUPPORTED_LANGUAGES[0];
      return {
        Current: { Code: current?.code, Name: current?.name },
        Languages: SUPPORTED_LANGUAGES.map((l) => ({ Label: l.name, Value: l.code })),
      };
    });

    api.post(
      "/MySettings/ChangeLanguage",
      { ...signedIn, schema: { body: changeLanguageBody } },
      async (request) => {
        const caller = callerOf(request);
        const sent = (request.body as { Language: string | { Code: string } }).Language;
        const code = typeof sent === "string" ? sent : sent.Code;
        // While impersonating the switch is the staff member's own language (§4.2 impersonator language).
        const target = caller.impersonator?.user ?? caller.user;
        await store.users.setLanguage(target.accountId, target.recId, code);
        const language = SUPPORTED_LANGUAGES.find((l) => l.code === code);
        return { Code: code, Name: language?.name ?? code };
      },
    );
  }
}
