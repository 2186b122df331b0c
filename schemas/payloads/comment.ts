import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { dateTime, imageUrl, linkUrl } from "./fields.ts";

/** A file attached to a comment: a download link, a preview image, or both (§3 Comment). */
const commentAttachment = {
  type: "object",
  description: "A file attached to a comment; it has a download link, a preview image, or both (§3).",
  properties: {
    FileName: { type: "string", minLength: 1, maxLength: 255, description: "Name of the file as shown." },
    file: { ...linkUrl, description: "Where the file is downloaded from." },
    previewUrl: { ...imageUrl, description: "Preview image of the file, shown inline." },
  },
  required: ["FileName"],
  anyOf: [{ required: ["file"] }, { required: ["previewUrl"] }],
  additionalProperties: false,
} as const;

/** A comment, e.g. on a support ticket (§3 Comment). */
export const commentSchema = {
  $id: "comment",
  type: "object",
  description: "A comment with its author line, text, optional image and attachments (§3).",
  properties: {
    title: { type: "string", description: "Heading of the comment, usually its author." },
    date: { ...dateTime, description: "When the comment was written." },
    text: { type: "string", description: "Text of the comment; HTML is sanitised before it is shown." },
    imageUrl: {
      ...imageUrl,
      description: "Optional image shown with the comment; a missing source is an error (§8).",
    },
    attachments: { type: "array", items: commentAttachment, description: "Files attached to the comment." },
    internal: { type: "boolean", description: "Internal note, visible to staff only." },
  },
  required: ["title", "date", "text", "attachments", "internal"],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type CommentAttachment = FromSchema<typeof commentAttachment>;
export type Comment = FromSchema<typeof commentSchema>;
