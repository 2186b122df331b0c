/**
 * A deployment: one validated configuration ready to serve — the layered manifest sets and the seven
 * languages' texts as the bytes the texts endpoint sends, addressed by digest.
 */
import type { ManifestSet } from "../manifests/manifest-set.ts";
import type { ConfigContent } from "./config-content.ts";
import { LANGUAGES, type Language } from "./config-kinds.ts";
import { textsBody, textsDigest, textsUrl } from "./text-digest.ts";
import type { MaterialisedConfiguration } from "./validate-config.ts";

/** What the manifest endpoint resolves a user's manifest from. */
export interface ServedConfiguration {
  /** The published version (0: the base alone). */
  configVersion: number;
  /** Changes whenever what is served changes (version, content, account layer): part of cache keys. */
  id: string;
  set: ManifestSet;
  /** The texts' URLs, by language. */
  texts: Readonly<Record<Language, string>>;
}

/** One language's texts as served. */
export interface ServedTexts {
  body: Buffer;
  digest: string;
}

/** A validated version, materialised. */
export interface Deployment {
  version: number;
  contentHash: string;
  content: ConfigContent;
  configuration: MaterialisedConfiguration;
  texts: Readonly<Record<Language, ServedTexts>>;
  /** For everyone without an account layer. */
  served: ServedConfiguration;
  /** For each account with a layer. */
  accounts: ReadonlyMap<number, ServedConfiguration>;
}

/** Builds the deployment of a validated configuration. */
export function deploy(
  version: number,
  contentHash: string,
  content: ConfigContent,
  configuration: MaterialisedConfiguration,
): Deployment {
  const texts = {} as Record<Language, ServedTexts>;
  const urls = {} as Record<Language, string>;
  for (const language of LANGUAGES) {
    const body = textsBody(configuration.texts[language]);
    const digest = textsDigest(body);
    texts[language] = { body, digest };
    urls[language] = textsUrl(language, digest);
  }
  const id = `${version}:${contentHash.slice(0, 12)}`;
  const served: ServedConfiguration = { configVersion: version, id, set: configuration.set, texts: urls };
  const accounts = new Map<number, ServedConfiguration>();
  for (const [account, set] of configuration.accounts) {
    accounts.set(account, { configVersion: version, id: `${id}:a${account}`, set, texts: urls });
  }
  return { version, contentHash, content, configuration, texts, served, accounts };
}
