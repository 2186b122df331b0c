/**
 * Every error code the gateway itself answers with, by name. Bodies are `{ ErrorCode, Message }`,
 * like the upstream's; the runtime shows the translation `ErrorCode` + the four-digit zero-padded
 * code (§8), so a code never changes meaning once published. The gateway owns 5001–5099.
 *
 * The relay's codes start at 5051 and step around 5060–5061: the embedded upstream already answers
 * 5001–5003, 5030, 5060–5061 and 5090 (chat and files), and one number must never mean two things to
 * the runtime. The session endpoints, the security
 * baseline and the answers to requests no route takes use 8001–8069, a range the upstream does not use.
 */
export const GatewayErrorCode = {
  // REST relay (/api/, /webservices/, server/gateway/relay): 5051–5069.
  /** The relayed path is refused: traversal, encoded slash or backslash, control character, absolute form. */
  RelayInvalidPath: 5051,
  /** A GET or HEAD request carried a body (the relay forwards none on these methods). */
  RelayBodyNotAllowed: 5052,
  /** A JSON (or other non-multipart) request body exceeds the relay's body limit. */
  RelayBodyTooLarge: 5053,
  /** A multipart upload exceeds the relay's upload limit. */
  RelayUploadTooLarge: 5054,
  /** The upstream could not be reached: connection refused or reset, name not resolved. */
  UpstreamUnreachable: 5055,
  /** The upstream answered with something that is not valid HTTP. */
  UpstreamBadResponse: 5056,
  /** The upstream answered 503: it is overloaded or in maintenance. */
  UpstreamUnavailable: 5057,
  /** The gateway has too many relayed calls in flight to accept another. */
  RelayOverloaded: 5058,
  /** The upstream did not connect, answer or send its body within the relay's timeouts. */
  UpstreamTimeout: 5059,
  /**
   * A browser called one of the upstream's credential or session calls (login, second factor, token
   * login, signup, recovery, impersonation, logout, password change) through the relay: those go
   * through the gateway's /gw/session endpoints.
   */
  RelaySessionCallRefused: 5062,
  /** A browser called an upstream call reserved to the gateway's own service token. */
  RelayServiceCallRefused: 5063,
  /** The relay forwards no call to this path (it is on no relayed call family). */
  RelayCallNotRelayed: 5064,
  // Hub relay (/gw/hub, server/gateway/hub-relay): 5070–5079.
  /** A WebSocket to the hub relay from an Origin that is not in the allowed list (403 before upgrade). */
  HubOriginRefused: 5070,
  /** A WebSocket to the hub relay without a signed-in gateway session (401 before upgrade). */
  HubNotSignedIn: 5071,
  /** A plain HTTP request to the hub relay's WebSocket endpoint (426). */
  HubUpgradeRequired: 5072,
  /** A tab invoked a hub method that is not on the relay's allow-list. */
  HubMethodNotAllowed: 5073,
  /** The upstream hub is not connected right now; the invocation was not sent (safe to retry). */
  HubUpstreamUnavailable: 5074,
  /** The upstream hub answered the invocation with an error; Message is the upstream's text for clients. */
  HubUpstreamMethodError: 5075,
  /** The upstream hub lost the connection or did not answer in time; the outcome is unknown. */
  HubUpstreamNoAnswer: 5076,
  /** A tab has too many invocations waiting for the upstream. */
  HubTooManyInvocations: 5077,
  /** The upstream refuses this hub to the user (403, e.g. the support chat is not in the subscription). */
  HubNotAvailable: 5078,
  /** The hub relay could not look the session up (the session store failed); try again (503). */
  HubSessionLookupFailed: 5079,
  // Session endpoints (/gw/session, server/gateway/session): 8001–8029.
  /** No signed-in gateway session (or it ended): sign in again. */
  NotSignedIn: 8001,
  /** A session endpoint's body failed validation: unknown or missing fields, wrong types or sizes. */
  SessionInvalidBody: 8002,
  /** A session endpoint's body is not valid JSON. */
  SessionInvalidJson: 8003,
  /** A session endpoint's body exceeds its size limit. */
  SessionBodyTooLarge: 8004,
  /** A session endpoint's body is not application/json. */
  SessionUnsupportedMediaType: 8005,
  /** A body names __proto__, constructor or prototype (prototype pollution). */
  ForbiddenBodyKey: 8006,
  /** A redirect target is not a same-origin relative path. */
  UnsafeRedirect: 8007,
  /** Signup is not allowed by the shell configuration. */
  SignupNotAllowed: 8008,
  /** A second-factor code arrived without a password step waiting for it (or it expired). */
  TwoFactorNotPending: 8009,
  /** Stop-impersonation on a session that is not impersonating. */
  NotImpersonating: 8010,
  /** Impersonation requested from a session that already impersonates someone. */
  AlreadyImpersonating: 8011,
  /** The upstream answered the session call in a way the gateway cannot use. */
  SessionUpstreamRefused: 8012,
  /** A session endpoint failed unexpectedly; details are logged, never sent. */
  SessionInternal: 8013,
  // Security baseline (server/gateway/security): 8030–8049.
  /** A state-changing request without the CSRF header, or with one not matching the CSRF cookie. */
  CsrfTokenInvalid: 8030,
  /** A state-changing request whose Origin (or Referer) is not the product's origin. */
  CsrfOriginRefused: 8031,
  /** Too many attempts; retry after the Retry-After header's seconds. */
  RateLimited: 8032,
  /** The client address is on the blocked IP list (/admin/blockedips). */
  IpBlocked: 8033,
  // Requests no route answers (server/gateway/errors/error-answers.ts): 8050–8069.
  /** No route answers the method and path (404). */
  RouteNotFound: 8050,
  /** The URL has a malformed %-escape (400), or a path segment longer than the router accepts (414). */
  InvalidUrl: 8051,
  /** Not valid HTTP: a malformed request line or header, a body not matching its Content-Length, a bad WebSocket handshake. */
  MalformedRequest: 8052,
  /** The request's header block exceeds the server's limit (431; large cookies, usually). */
  HeadersTooLarge: 8053,
  /** The request did not arrive completely within the server's time limit (408). */
  RequestTimeout: 8054,
  /** A body the address does not take: a content type it does not parse, invalid JSON, over the size limit. */
  BodyNotAccepted: 8055,
  /** An unexpected failure outside the session endpoints and the relays; details are logged, never sent. */
  Internal: 8056,
  // The configuration plane (server/gateway/config, /gw/config/…): 8070–8089.
  /** /gw/config/… without a signed-in staff session holding Read on the Configuration module. */
  ConfigNotAllowed: 8070,
  /** A change (draft, approval, publish, rollback, maintenance) without Write on the Configuration module. */
  ConfigWriteNotAllowed: 8071,
  /** The change set, version, account or user named does not exist. */
  ConfigNotFound: 8072,
  /** The change set's base version is stale: what it edits changed since (the body says what). */
  ConfigStaleBase: 8073,
  /** The merged configuration is invalid (the body names kind, JSON pointer and reason); nothing was published. */
  ConfigInvalid: 8074,
  /** The change set is not in a state that allows this (already published, cancelled, scheduled…). */
  ConfigWrongState: 8075,
  /** The four-eyes rule: publishing needs another staff member's approval, and authors never approve their own. */
  ConfigApprovalRequired: 8076,
  /** The request body does not have the documented shape. */
  ConfigBadRequest: 8077,
  /** Maintenance (§1): the application is closed for maintenance; retry after the Retry-After header. */
  MaintenanceUnderway: 8078,
  /** The upstream could not tell the configuration plane what it needs (a preview as a user); try again (503). */
  ConfigUpstreamUnavailable: 8079,
  /** A preview only reads (DESIGN.md §3): its data path takes GET alone, nothing in it changes data (405). */
  ConfigPreviewReadOnly: 8080,
} as const;

export type GatewayErrorCodeName = keyof typeof GatewayErrorCode;

/** The JSON body of every gateway error response. */
export interface GatewayErrorBody {
  ErrorCode: number;
  Message: string;
}
