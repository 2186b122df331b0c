/** Record ids from routes and query parameters: positive safe integers only, anything else is none. */

/** The record id written in `text`, or null. */
export function parseRecId(text: string | null | undefined): number | null {
  if (typeof text !== "string" || !/^[1-9]\d{0,15}$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}
