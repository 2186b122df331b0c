/**
 * Screenshot capture for the chat (§5): offered only where the browser has
 * `navigator.mediaDevices.getDisplayMedia`. One frame of the shared screen becomes a PNG, or a JPEG
 * when the PNG would exceed CHAT_ATTACHMENT_MAX_BYTES; the capture stops at once.
 */
import { CHAT_ATTACHMENT_MAX_BYTES } from "../state/constants.ts";

/** JPEG quality of the fallback encoding (a screenshot stays legible). */
const JPEG_QUALITY = 0.85;

/** Whether screen capture exists in this browser. */
export function canCaptureScreen(): boolean {
  return typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getDisplayMedia === "function";
}

function encode(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("the screenshot could not be encoded"))),
      type,
      quality,
    ),
  );
}

/** Asks the user for a screen and captures one frame; rejects with NotAllowedError when refused. */
export async function captureScreenshot(now: Date = new Date()): Promise<{ blob: Blob; name: string }> {
  const stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
  try {
    const video = document.createElement("video");
    video.muted = true;
    video.srcObject = stream;
    await video.play();
    const canvas = document.createElement("canvas");
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext("2d")?.drawImage(video, 0, 0);
    video.pause();
    const stamp = now.toISOString().slice(0, 19).replaceAll(":", "-");
    const png = await encode(canvas, "image/png");
    if (png.size <= CHAT_ATTACHMENT_MAX_BYTES) return { blob: png, name: `screenshot-${stamp}.png` };
    return { blob: await encode(canvas, "image/jpeg", JPEG_QUALITY), name: `screenshot-${stamp}.jpg` };
  } finally {
    for (const track of stream.getTracks()) track.stop();
  }
}
