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
  /** The URL has a malformed %-escape (400), or a path segment longer than the router accepts (414). */
  InvalidUrl: 1006,
  /** Not valid HTTP: a malformed request line or header, a body not matching its Content-Length, a bad WebSocket handshake. */
  MalformedRequest: 1007,
  /** The request's header block exceeds the server's limit (431). */
  HeadersTooLarge: 1008,
  /** The request did not arrive completely within the server's time limit (408). */
  RequestTimeout: 1009,
  /** A permission string is malformed, names an unknown key or level, or repeats a key. */
  InvalidPermissionString: 1010,
  /** A file name is empty, too long, or tries to leave its folder (path traversal). */
  InvalidFileName: 1011,
  /** A new password is too short, too long or blank. */
  PasswordTooWeak: 1012,
  /** A domain is not of the allowed form (lower-case letters, digits, dashes). */
  InvalidDomain: 1013,
  /** Library: objects of this type are not created by this call (Media: upload the file instead). */
  TypeNotCreatable: 1060,
  /** Library: more files in one upload than allowed. */
  TooManyFiles: 1061,
  /** Jobs: an import file must be a CSV file (.csv or .txt) of UTF-8 text. */
  InvalidImportFile: 1070,
  /** Jobs: objects of this type are not exported (media files are downloaded as they are). */
  NotExportable: 1071,
  /** Sharing: a chart snapshot needs a PNG image (sent, or the dashboard's thumbnail) within the limits. */
  InvalidChartImage: 1080,
  /** Account settings: an embedding origin is not https://host[:port] (http only for localhost). */
  InvalidEmbeddingOrigin: 1090,
  /** Account menu: a section lists a key outside it, or hides the Menus link (the way back). */
  InvalidMenuLayout: 1091,
  /** Account branding: a brand colour is under WCAG 2.2 AA contrast (core/branding/contrast.ts); the message names the pair and its ratio. */
  InsufficientBrandContrast: 1092,
  /** Admin: a field set when the record was created cannot change (§2.4 createOnly fields). */
  FieldNotChangeable: 1501,
  /** Admin: a record the request refers to (account, template, project…) does not exist. */
  InvalidReference: 1502,
  /** Admin: a feature is listed both as Included and as Optional. */
  InvalidFeatureSelection: 1503,
  /** Admin: an IP range or CIDR block is not valid (start after end, mixed IPv4/IPv6, bad prefix). */
  InvalidIpRange: 1504,
  /** Admin query tool: the SQL is not one read-only SELECT over the allowed demo views. */
  QueryNotAllowed: 1505,
  /** Admin package manager: the upload is not a readable package archive. */
  InvalidPackage: 1506,
  /** Admin IP database: the uploaded file is not a readable IP range list. */
  InvalidIpDatabaseFile: 1507,
  /** Admin uploads: the file type is not accepted here. */
  UnsupportedFileType: 1508,

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
  /** The API key is unknown, expired or revoked. */
  InvalidApiKey: 2009,

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
  /** The session is a preview's: it reads (GET, HEAD) and changes nothing. */
  PreviewReadOnly: 3010,
  /** Library: the object is only shared with the caller; only those who own its folder can change it. */
  ObjectReadOnly: 3060,
  /** The call manages sessions or credentials and cannot be made with an API key. */
  ApiKeyNotAllowed: 3070,

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
  /** Admin: the record is still used (accounts on a template, a database with accounts, a non-empty folder). */
  RecordInUse: 4501,
  /** Admin: the credit notes of an invoice would exceed its total. */
  CreditExceedsInvoice: 4502,
  /** Admin: a record with the same key already exists (an IP already blocked, a setting key). */
  DuplicateRecord: 4503,
  /** Admin: staff cannot delete, deactivate or remove admin rights from themselves. */
  SelfChangeNotAllowed: 4504,
  /** Admin: the operator's own account cannot be suspended, cancelled or deleted. */
  ProtectedRecord: 4505,
  /** The support session is handled by another staff member (§4.4 staff side). */
  SupportSessionTaken: 4030,
  /** A staff reply needs the session taken first (§4.4: take, then reply). */
  SupportSessionNotTaken: 4031,
  /** Library: a folder cannot move into itself or one of its subfolders. */
  FolderCycle: 4060,
  /** Library: the Personal, Team, Shared, Favourites and Deleted roots cannot be renamed, moved or deleted. */
  RootFolderLocked: 4061,
  /** Library: only deleted items can be restored or purged (and a folder deleted with its parent goes back with it). */
  NotDeleted: 4062,
  /** Support: the ticket is closed; it cannot be changed or commented on. */
  TicketClosed: 4063,
  /** Tasks: the task has finished and can no longer be cancelled. */
  TaskFinished: 4064,
  /** Tasks: a queued or running task cannot be deleted; cancel it first. */
  TaskStillRunning: 4065,
  /** API keys: the key is already revoked. */
  ApiKeyRevoked: 4066,
  /** Jobs: the schedule has no settings or no enabled task to run. */
  ScheduleNotRunnable: 4070,
  /** Jobs: the schedule's previous run has not finished. */
  ScheduleRunning: 4071,
  /** Jobs: the alert has no condition set. */
  AlertNotConfigured: 4072,
  /** Jobs: only a due invoice's payment can fail. */
  InvoiceNotDue: 4073,
  /** Jobs: the connector is already deprecated. */
  ConnectorAlreadyDeprecated: 4074,
  /** Jobs: the account has no paid subscription plan to invoice. */
  NoSubscriptionPlan: 4075,
  /** Users: the change would leave the account without an active user who can manage users (Users_rw). */
  LastUserAdministrator: 4090,
  /** Users: the user is not (or no longer) invited: the invitation was accepted or the user was created otherwise. */
  NotInvited: 4091,
  /** Sharing: the object already has the most public links it may have; revoke one first. */
  TooManyPublicLinks: 4080,

  /** A chat attachment exceeds 2 MB (§9). */
  ChatFileTooLarge: 5001,
  /** The upload carried no file, or more than one. */
  FileMissing: 5002,
  /** There is no active chat session to write to. */
  ChatSessionNotActive: 5003,
  /** Only one's own text messages can be edited; system messages cannot be edited or deleted. */
  ChatMessageNotEditable: 5030,
  /** Media: an uploaded file exceeds the media size limit. */
  MediaFileTooLarge: 5060,
  /** Comments: an attachment exceeds the attachment size limit. */
  AttachmentTooLarge: 5061,
  /** Jobs: an import file exceeds the import size limit. */
  ImportFileTooLarge: 5090,

  /** The connection's connector does not offer this call (e.g. smart views on a document database). */
  ConnectorNotSupported: 6001,
  /** The smart view (name, version) does not exist for the connector. */
  SmartViewNotFound: 6002,
  /** Data query: a name is not a column of the source's catalogue. */
  DataColumnUnknown: 6010,
  /** Data query: countDistinct, sum, avg, min and max need a Column. */
  DataAggregateNeedsColumn: 6011,
  /** Data query: sum and avg need a Number column. */
  DataAggregateNeedsNumber: 6012,
  /** Data query: a date bucket needs a Date column. */
  DataBucketNeedsDate: 6013,
  /** Data query: an operator, or its value, does not fit the column's type. */
  DataFilterInvalid: 6014,
  /** Data query: Select (plain rows) cannot be combined with GroupBy or Aggregates. */
  DataSelectMixed: 6015,
  /** Data query: TopN needs exactly one GroupBy, and its By must name a measure. */
  DataTopNInvalid: 6016,
  /** Data query: a sort key is not an output column of the query. */
  DataSortKeyUnknown: 6017,
  /** Data query: two output columns have the same name. */
  DataOutputDuplicate: 6018,
  /** Data query: the source is not a data source, or its definition no longer composes (a missing input, a cycle, conflicting types). */
  DataSourceNotQueryable: 6019,
  /** Definitions: a dashboard, binder, live document, insight, report, view, fusion or merge definition is not valid; nothing was stored. */
  DataDefinitionInvalid: 6020,
  /** Widget queries: a viewer filter names a column no filter widget targeting the widget declares. */
  DataViewerFilterNotAllowed: 6021,
  /** Data query: the query would read more source rows than allowed (422). */
  DataRowsScannedLimit: 6030,
  /** Data query: the result is larger than allowed; narrow it or lower its Limit (422). */
  DataResultTooLarge: 6031,
  /** Data query: the query ran longer than its time limit and was stopped (422). */
  DataQueryTimedOut: 6032,
  /** Admin: the action needs an external system this installation has not configured (422). */
  ExternalSystemNotConfigured: 6501,
  /** Admin query tool: the query ran longer than its time limit and was stopped. */
  QueryTimedOut: 6502,
  /** Admin query tool: the database refused the query (syntax, unknown column…). */
  QueryFailed: 6503,
  /** Admin: storing a secret (database password, API key) needs UPSTREAM_SECRETS_KEY configured. */
  SecretStorageNotConfigured: 6504,

  /** An unexpected failure; details are logged, never sent. */
  Internal: 9001,
  /** Admin: applying the store's migrations failed; the transaction left the store unchanged. */
  MigrationFailed: 9002,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;

/** The JSON body of every error response. */
export interface ErrorBody {
  ErrorCode: number;
  Message: string;
}
