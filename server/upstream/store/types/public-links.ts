/**
 * The public share links family (migration 11): links that open one Dashboard, Binder or LiveDoc
 * — or one chart snapshot taken from a dashboard — to anyone holding the code (§2.1). Management
 * calls take the account id like every family; only `resolve` is keyed by the code alone, because
 * the visitor has no account.
 */

/** What a public link opens (the §2.1 public routes). */
export const PUBLIC_LINK_TYPES = ["Dashboard", "Binder", "LiveDoc", "ChartSnapshot"] as const;
/** A public link's target type. */
export type PublicLinkType = (typeof PUBLIC_LINK_TYPES)[number];

/** A public link as members manage it. */
export interface PublicLinkRecord {
  recId: number;
  accountId: number;
  objectId: number;
  type: PublicLinkType;
  code: string;
  /** The snapshot's title; null for object links. */
  title: string | null;
  snapshotId: number | null;
  createdByFullName: string | null;
  createdAt: number;
  revokedAt: number | null;
}

/** A new link: of the object itself, or of a snapshot taken now. */
export type NewPublicLink =
  | { type: Exclude<PublicLinkType, "ChartSnapshot">; code: string }
  | { type: "ChartSnapshot"; code: string; title: string; image: Buffer };

/** What an anonymous visitor is shown: read-only fields, no ids, no e-mail. */
export interface SharedContent {
  type: PublicLinkType;
  /** The object's name, or the snapshot's title. */
  name: string;
  ownerFullName: string | null;
  modifiedAt: number;
  properties: Record<string, unknown>;
  /** The snapshot's PNG; null for object links. */
  image: Buffer | null;
  /** The account owning the link (for the gateway's embedding allow-list; never sent to visitors). */
  accountId: number;
}

/** Public links and chart snapshots. */
export interface PublicLinkStoreFamily {
  /** The object's links that still resolve, newest first. */
  listActive(accountId: number, objectId: number): Promise<PublicLinkRecord[]>;
  /** How many of the object's links still resolve. */
  countActive(accountId: number, objectId: number): Promise<number>;
  /** Creates a link (and its snapshot) in one transaction. */
  create(
    accountId: number,
    objectId: number,
    userId: number,
    link: NewPublicLink,
    now: number,
  ): Promise<PublicLinkRecord>;
  /** Revokes a live link of the object; notFound for unknown, foreign or already revoked links. */
  revoke(
    accountId: number,
    objectId: number,
    linkId: number,
    userId: number,
    now: number,
  ): Promise<PublicLinkRecord | "notFound">;
  /**
   * What a live code of `type` opens: undefined for an unknown or revoked code, a trashed object, a
   * disabled account, or a type that does not match — all answered by the same single query.
   */
  resolve(type: PublicLinkType, code: string): Promise<SharedContent | undefined>;
}
