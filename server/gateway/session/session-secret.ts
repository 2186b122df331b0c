/**
 * SESSION_SECRET: the key material that encrypts session grants at rest (DESIGN.md §4: "The server
 * refuses to start in production mode with a missing or default secret"). Outside production a
 * missing secret falls back to the documented development default, which production refuses.
 */

/** The documented development default. Anyone can read it here, so production refuses it. */
export const DEVELOPMENT_SESSION_SECRET = "tessera-development-session-secret-not-for-production";

/** Shortest accepted secret, in bytes (UTF-8): 256 bits of key material at the very least. */
export const MIN_SESSION_SECRET_BYTES = 32;

/** Thrown when the environment's secret may not be used; `message` says what to do. */
export class SessionSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SessionSecretError";
  }
}

/** The secret to use and whether it is the development default. */
export interface ResolvedSessionSecret {
  secret: string;
  isDevelopmentDefault: boolean;
}

/**
 * Reads SESSION_SECRET. With NODE_ENV=production it must be set, at least MIN_SESSION_SECRET_BYTES
 * long and not the development default — otherwise a SessionSecretError explains the refusal.
 * Elsewhere any set secret is used, and a missing one yields the development default.
 */
export function resolveSessionSecret(env: NodeJS.ProcessEnv): ResolvedSessionSecret {
  const production = env.NODE_ENV === "production";
  const given = env.SESSION_SECRET;
  const hint = "Set SESSION_SECRET to a random value, e.g. the output of `openssl rand -base64 48`.";
  if (given === undefined || given === "") {
    if (production) {
      throw new SessionSecretError(
        `Refusing to start: NODE_ENV=production and SESSION_SECRET is not set. ${hint}`,
      );
    }
    return { secret: DEVELOPMENT_SESSION_SECRET, isDevelopmentDefault: true };
  }
  if (given === DEVELOPMENT_SESSION_SECRET) {
    if (production) {
      throw new SessionSecretError(
        `Refusing to start: SESSION_SECRET is the documented development default, which is public. ${hint}`,
      );
    }
    return { secret: given, isDevelopmentDefault: true };
  }
  if (production && Buffer.byteLength(given, "utf8") < MIN_SESSION_SECRET_BYTES) {
    throw new SessionSecretError(
      `Refusing to start: SESSION_SECRET is shorter than ${MIN_SESSION_SECRET_BYTES} bytes. ${hint}`,
    );
  }
  return { secret: given, isDevelopmentDefault: false };
}
