/**
 * Signup (/signup, §2.1): creates an account with its owner when configuration allows it. The new
 * account gets the signup subscription (every feature Included: a trial) and an owner role holding
 * every permission.
 */
import type { FastifyInstance } from "fastify";
import { singleLineText } from "../../../schemas/text-rules.ts";
import { SUPPORTED_LANGUAGES } from "../account/languages.ts";
import { audit } from "../admin/audit.ts";
import type { UpstreamContext } from "../context.ts";
import { badRequest, conflict, forbidden } from "../http/errors.ts";
import { DOMAIN_PATTERN, emailSchema, passwordSchema } from "../http/schemas.ts";
import { FEATURE_IDS, type FeatureAvailability, type FeatureId } from "../identity/features.ts";
import { hashPassword } from "../identity/passwords.ts";
import { PERMISSION_KEYS } from "../identity/permission-keys.ts";
import { StoreConflictError } from "../store/types/identity.ts";
import { grantBody } from "./grant-response.ts";
import { sendWelcome } from "./mail.ts";
import { assertAcceptablePassword } from "./recovery-routes.ts";

/** Configuration key: whether public signup is open (§2.1, §5). */
export const SIGNUP_ALLOWED_KEY = "SignupAllowed";

/**
 * §2.1, §5: signup is open only when configuration allows it — the SignupAllowed entry is exactly
 * true (absent, false or any other value keeps it closed). The gateway derives its switch from this.
 */
export async function signupOpen(context: UpstreamContext): Promise<boolean> {
  return (await context.store.config.get<boolean>(SIGNUP_ALLOWED_KEY)) === true;
}

/** Domains that name parts of the product, never an account. */
export const RESERVED_DOMAINS = new Set([
  "www",
  "api",
  "app",
  "admin",
  "help",
  "mail",
  "static",
  "ws",
  "hubs",
  "status",
  "support",
]);

/** The owner role's permission string: every key at rw. */
export const OWNER_PERMISSIONS = PERMISSION_KEYS.map((key) => `${key}_rw`).join(";");

const signupBody = {
  type: "object",
  properties: {
    AccountName: { ...singleLineText, minLength: 1, maxLength: 120, description: "Company or account name." },
    Domain: {
      type: "string",
      minLength: 2,
      maxLength: 63,
      pattern: DOMAIN_PATTERN,
      description: "Sign-in domain of the new account (lower-case letters, digits, dashes).",
    },
    FullName: { ...singleLineText, minLength: 1, maxLength: 120, description: "Owner's full name." },
    Email: emailSchema,
    Password: passwordSchema,
    LanguageCode: {
      enum: SUPPORTED_LANGUAGES.map((l) => l.code),
      description: "Owner's interface language.",
    },
  },
  required: ["AccountName", "Domain", "FullName", "Email", "Password"],
  additionalProperties: false,
} as const;

/** Registers POST Signup under the application base. */
export function registerSignupRoutes(api: FastifyInstance, context: UpstreamContext): void {
  api.post("/Signup", { schema: { body: signupBody } }, async (request, reply) => {
    if (!(await signupOpen(context))) {
      throw forbidden("SignupNotAllowed", "Signup is not open.");
    }
    const body = request.body as {
      AccountName: string;
      Domain: string;
      FullName: string;
      Email: string;
      Password: string;
      LanguageCode?: string;
    };
    if (RESERVED_DOMAINS.has(body.Domain)) throw badRequest("InvalidDomain", "This domain is reserved.");
    if (body.AccountName.trim() === "" || body.FullName.trim() === "") {
      throw badRequest("InvalidRequest", "Names cannot be blank.");
    }
    assertAcceptablePassword(body.Password);
    const features = new Map<FeatureId, FeatureAvailability>(FEATURE_IDS.map((id) => [id, "Included"]));
    let created: Awaited<ReturnType<typeof context.store.accounts.create>>;
    try {
      created = await context.store.accounts.create(
        {
          name: body.AccountName.trim(),
          domain: body.Domain,
          subscriptionType: "Trial",
          features,
          ownerRole: { name: "Account Owner", permissions: OWNER_PERMISSIONS },
          owner: {
            email: body.Email,
            fullName: body.FullName.trim(),
            passwordHash: await hashPassword(body.Password, context.settings.passwordCost),
            languageCode: body.LanguageCode ?? "en",
          },
        },
        context.now(),
      );
    } catch (error) {
      if (error instanceof StoreConflictError) throw conflict("DomainTaken", "This domain is already taken.");
      throw error;
    }
    await sendWelcome(context, created.user, created.account);
    await audit(context, {
      action: "AccountCreated",
      message: `Account ${created.account.domain} created by signup.`,
      actor: created.user,
      target: created.user,
    });
    return reply.status(201).send(grantBody(context, await context.sessions.issue(created.user)));
  });
}
