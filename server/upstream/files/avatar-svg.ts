/** The avatar shown for users who never uploaded one: their initials on a colour from their UID. */

const PALETTE = ["#2563eb", "#7c3aed", "#db2777", "#ea580c", "#16a34a", "#0891b2", "#4f46e5", "#b45309"];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Up to two initials of a full name. */
export function initials(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => [...(word as string)][0]?.toUpperCase() ?? "").join("") || "?";
}

/** A 64×64 SVG avatar. The text is escaped; the SVG carries no script or external reference. */
export function initialsAvatarSvg(fullName: string, userUid: string): string {
  let hash = 0;
  for (const char of userUid) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const color = PALETTE[hash % PALETTE.length];
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">',
    `<rect width="64" height="64" rx="32" fill="${color}"/>`,
    '<text x="32" y="41" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="26" fill="#ffffff">',
    escapeXml(initials(fullName)),
    "</text></svg>",
  ].join("");
}
