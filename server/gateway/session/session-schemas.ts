/**
 * Request bodies of the /gw/session endpoints: closed objects (additionalProperties false, refused
 * rather than stripped), every string bounded. Field names are the gateway's (camelCase); the
 * gateway translates them to the upstream's (PascalCase) itself, so nothing unchecked passes on.
 */

/** Largest body any session endpoint accepts. */
export const SESSION_BODY_LIMIT_BYTES = 8 * 1024;

const email = { type: "string", format: "email", minLength: 3, maxLength: 254 } as const;
const domain = {
  type: "string",
  minLength: 1,
  maxLength: 63,
  pattern: "^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$",
} as const;
const password = { type: "string", minLength: 1, maxLength: 128 } as const;
/** A token of a mail link, an `st` or an `it` parameter: opaque, header-safe. */
const token = { type: "string", minLength: 16, maxLength: 2048, pattern: "^[A-Za-z0-9._~+/=-]+$" } as const;
/** Where the runtime goes next; checked as a same-origin relative path by the handler. */
const redirect = { type: "string", minLength: 1, maxLength: 2048 } as const;
const name = { type: "string", minLength: 1, maxLength: 120 } as const;

function closed<const P extends Record<string, unknown>, const R extends readonly (keyof P & string)[]>(
  properties: P,
  required: R,
) {
  return { type: "object", properties, required, additionalProperties: false } as const;
}

/** Every body schema, by endpoint. */
export const SESSION_BODIES = {
  login: closed({ domain, email, password, redirect }, ["email", "password"]),
  twoFactor: closed({ code: { type: "string", pattern: "^[0-9]{6,8}$" }, redirect }, ["code"]),
  token: closed({ token, redirect }, ["token"]),
  impersonation: closed({ token, redirect }, ["token"]),
  signup: closed(
    {
      accountName: name,
      domain: { ...domain, minLength: 2, pattern: "^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$" },
      fullName: name,
      email,
      password,
      languageCode: { type: "string", pattern: "^[a-z]{2}$" },
      redirect,
    },
    ["accountName", "domain", "fullName", "email", "password"],
  ),
  forgotPassword: closed({ domain, email }, ["email"]),
  resetPassword: closed({ token, password }, ["token", "password"]),
  forgotDomain: closed({ email }, ["email"]),
  changePassword: closed({ currentPassword: password, newPassword: password }, [
    "currentPassword",
    "newPassword",
  ]),
  disableTwoFactorRequest: closed({ domain, email, password }, ["email", "password"]),
  disableTwoFactor: closed({ token }, ["token"]),
} as const;

/** Body of POST /gw/session/login. */
export interface LoginBody {
  domain?: string;
  email: string;
  password: string;
  redirect?: string;
}

/** Body of POST /gw/session/signup. */
export interface SignupBody {
  accountName: string;
  domain: string;
  fullName: string;
  email: string;
  password: string;
  languageCode?: string;
  redirect?: string;
}
