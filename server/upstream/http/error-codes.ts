/**
 * Every error the upstream returns, by name. Bodies are `{ ErrorCode, Message }`; the runtime shows
 * the translation `ErrorCode` + the four-digit zero-padded code (§8), so a code never changes meaning.
 * Ranges: 1xxx request, 2xxx authentication, 3xxx authorisation, 4xxx records, 5xxx chat and files,
 * 6xxx data, 9xxx server.
 */
export const ErrorCode = {
  /** Body, query or path failed schema validation (wrong types, unknown fields, bad formats). */
  InvalidRequest: 1001,
  /** The body is not valid JSON. */
  InvalidJson: 1002,
  /** The body exceeds the route's size limit. */
  BodyTooLarge: 1003,
  /** The body's content type is not accepted by the route. */
  UnsupportedMediaType: 1004,
  /** No route matches the method and path. */
  RouteNotFound: 1005,
  /** A permission string is malformed, names an unknown key or level, or repeats a key. */
  InvalidPermissionString: 1010,
  /** A file name is empty, too long, or tries to leave its folder (path traversal). */
  InvalidFileName: 1011,
  /** A new password is too short, too long or blank. */
  PasswordTooWeak: 1012,
  /** A domain is not of the allowed form (lower-case letters, digits, dashes). */
  InvalidDomain: 1013,

  /** No bearer token was sent. */
  AuthenticationRequired: 2001,
  /** The session token is unknown, expired or revoked. */
  SessionExpired: 2002,
  /** E-mail, domain or password are wrong (deliberately not saying which). */
  InvalidCredentials: 2003,
  /** The e-mail belongs to users of several accounts: the login needs the Domain. */
  DomainRequired: 2004,
  /** The second-factor code is wrong or was already used. */
  InvalidTwoFactorCode: 2005,
  /** A login, reset, impersonation or second-step token is unknown, used or expired. */
  InvalidToken: 2006,
  /** The user or the account is disabled. */
  AccountDisabled: 2007,
  /** The current password given to change it is wrong. */
  CurrentPasswordIncorrect: 2008,

  /** The role lacks the permission the call needs (§6). */
  PermissionDenied: 3001,
  /** The account's subscription does not include the feature (§6: Included only). */
  FeatureNotIncluded: 3002,
  /** The caller is not staff, or is staff acting as a member (impersonating). */
  StaffOnly: 3003,
  /** The staff member lacks Read or Write on the admin module. */
  AdminPermissionDenied: 3004,
  /** Signup is switched off by configuration. */
  SignupNotAllowed: 3005,
  /** The account's 2FA policy forbids the change (e.g. disabling 2FA under a Required policy). */
  TwoFactorPolicy: 3006,
  /** The call is only for an impersonation session. */
  NotImpersonating: 3007,
  /** Impersonation cannot start from an impersonation session, nor target staff. */
  ImpersonationNotAllowed: 3008,
  /** The chat needs InAppChatAccess and the SupportChat feature (§6). */
  ChatNotAvailable: 3009,

  /** The record does not exist — or belongs to another account, which is never revealed. */
  NotFound: 4001,
  /** The domain is already used by another account. */
  DomainTaken: 4002,
  /** The e-mail is already used in this account. */
  EmailTaken: 4003,
  /** A record with this name already exists. */
  NameTaken: 4004,
  /** The record cannot change in its current state (e.g. the owner role, a role still assigned). */
  Conflict: 4005,
  /** Two-factor authentication is already set up. */
  TwoFactorAlreadyEnabled: 4006,
  /** Two-factor authentication is not set up. */
  TwoFactorNotEnabled: 4007,
  /** The support session was already rated. */
  AlreadyRated: 4008,

  /** A chat attachment exceeds 2 MB (§9). */
  ChatFileTooLarge: 5001,
  /** The upload carried no file, or more than one. */
  FileMissing: 5002,
  /** There is no active chat session to write to. */
  ChatSessionNotActive: 5003,

  /** The connection's connector does not offer this call (e.g. smart views on a document database). */
  ConnectorNotSupported: 6001,
  /** The smart view (name, version) does not exist for the connector. */
  SmartViewNotFound: 6002,

  /** An unexpected failure; details are logged, never sent. */
  Internal: 9001,
} as const;

/** An error code name. */
export type ErrorCodeName = keyof typeof ErrorCode;

/** The JSON body of every error response. */
export interface ErrorBody {
  ErrorCode: number;
  Message: string;
}
