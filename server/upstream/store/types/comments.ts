/** A comment attachment's metadata (§3: FileName, and file or previewUrl). */
export interface AttachmentMeta {
  uid: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** A comment (§3: title, date, text, optional image url, attachments, internal flag). */
export interface CommentRecord {
  recId: number;
  objectId: number;
  authorUserId: number | null;
  authorFullName: string | null;
  authorUid: string | null;
  title: string;
  text: string;
  imageUrl: string | null;
  isInternal: boolean;
  createdAt: number;
  attachments: AttachmentMeta[];
}

/** A comment to add, with its attachments' contents. */
export interface NewComment {
  authorUserId: number;
  title: string;
  text: string;
  imageUrl: string | null;
  isInternal: boolean;
  attachments: { fileName: string; contentType: string; data: Buffer }[];
}

/** Comments on objects and tickets. The caller checks the object is visible first. */
export interface CommentStoreFamily {
  /** Oldest first; internal comments only when asked (never for members). */
  list(accountId: number, objectId: number, includeInternal: boolean): Promise<CommentRecord[]>;
  /** Adds the comment and its attachments in one step and touches the object's modified time. */
  add(accountId: number, objectId: number, comment: NewComment, now: number): Promise<CommentRecord>;
  attachment(
    accountId: number,
    objectId: number,
    uid: string,
    includeInternal: boolean,
  ): Promise<{ meta: AttachmentMeta; data: Buffer } | undefined>;
}
