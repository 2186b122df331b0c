/**
 * How both legs of the hub relay send a text frame: as UTF-8 bytes, with ws's option marking them
 * text. A string would go through Node's slower string path of the socket stream, and ws measures
 * it first; bytes encoded once also serve every tab of a broadcast.
 */

/** ws's send option for a text frame given as bytes. */
export const TEXT_FRAME = { binary: false } as const;

/** The UTF-8 bytes of a serialized frame. */
export function textFrameBytes(text: string): Buffer {
  return Buffer.from(text, "utf8");
}
