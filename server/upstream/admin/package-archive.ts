/**
 * Package archives of /admin/packagemanager: a ZIP file holding `package.json` —
 * { Name, Version (semver), Description?, Objects: [{ Type, Name, Properties? }] } — whose object
 * types are the §3 user-area types a package can carry (not users, tickets, sessions, tasks or API
 * keys). Reading checks every field and answers 400 InvalidPackage with the first problem.
 */
import { badRequest } from "../http/errors.ts";
import type { PackageObject } from "../store/types/admin-jobs.ts";
import { USER_OBJECT_TYPES } from "./constants.ts";
import { readZip } from "./zip.ts";

/** A semantic version (1.2.0, 2.0.0-beta.1). */
export const SEMVER = "^\\d+\\.\\d+\\.\\d+(?:-[0-9A-Za-z.-]+)?$";
/** Largest package upload (the screen's limit) and largest unpacked content. */
export const PACKAGE_MAX_BYTES = 200 * 1024 * 1024;
const MAX_OBJECTS = 10_000;
const PACKABLE = new Set<string>(
  USER_OBJECT_TYPES.filter(
    (type) => !["User", "SupportSession", "SupportTicket", "Task", "API"].includes(type),
  ),
);

/** The package.json of an archive, checked; throws 400 InvalidPackage. */
export function readPackage(archive: Buffer): {
  name: string;
  version: string;
  description: string | null;
  objects: PackageObject[];
} {
  const invalid = (message: string) => badRequest("InvalidPackage", message);
  let manifest: unknown;
  try {
    const entry = readZip(archive, PACKAGE_MAX_BYTES).find((candidate) => candidate.name === "package.json");
    if (!entry) throw new Error("the archive has no package.json");
    manifest = JSON.parse(entry.data.toString("utf8"));
  } catch (error) {
    throw invalid(`The package cannot be read: ${(error as Error).message}.`);
  }
  const m = manifest as { Name?: unknown; Version?: unknown; Description?: unknown; Objects?: unknown };
  if (typeof m.Name !== "string" || !m.Name.trim() || m.Name.length > 200)
    throw invalid("package.json needs a Name (1–200 characters).");
  if (typeof m.Version !== "string" || !new RegExp(SEMVER).test(m.Version))
    throw invalid("package.json needs a semantic Version, e.g. 1.2.0.");
  if (!Array.isArray(m.Objects) || m.Objects.length > MAX_OBJECTS)
    throw invalid(`package.json needs Objects (at most ${MAX_OBJECTS}).`);
  const objects = m.Objects.map((raw: unknown, index: number): PackageObject => {
    const o = raw as { Type?: unknown; Name?: unknown; Properties?: unknown };
    const properties = o.Properties ?? {};
    if (typeof o.Type !== "string" || !PACKABLE.has(o.Type))
      throw invalid(`Objects[${index}].Type is not an object type a package can hold.`);
    if (typeof o.Name !== "string" || !o.Name.trim() || o.Name.length > 200)
      throw invalid(`Objects[${index}].Name needs 1–200 characters.`);
    if (typeof properties !== "object" || properties === null || Array.isArray(properties))
      throw invalid(`Objects[${index}].Properties must be an object.`);
    return { Type: o.Type, Name: o.Name.trim(), Properties: properties as Record<string, unknown> };
  });
  return {
    name: m.Name.trim(),
    version: m.Version,
    description: typeof m.Description === "string" ? m.Description.slice(0, 2000) : null,
    objects,
  };
}
