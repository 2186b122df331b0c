/**
 * The relay benchmarks' command-line numbers: `--name value`, a positive integer, or the fallback
 * when the flag is absent.
 */

/** The value of `--name`, or `fallback`; throws when the value is not a positive integer. */
export function positiveIntegerFlag(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index > 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer`);
  return value;
}
