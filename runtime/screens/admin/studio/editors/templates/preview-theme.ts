/**
 * The preview's theme without touching the page's: runtime/theme/tokens.css selects the tokens on
 * <html> only (`:root[data-theme=…]`, runtime/theme/apply-theme.ts), so the preview container gets the
 * declarations of the chosen theme's rule as its own custom properties, read from the loaded style
 * sheets. The tokens stay defined in one place.
 */

/** A style rule reduced to what the theme needs: its selectors and its declarations. */
export interface ThemeRule {
  selectors: readonly string[];
  declarations: ReadonlyArray<readonly [name: string, value: string]>;
}

/** The themes of tokens.css the preview offers (§9: light and dark, and the high-contrast theme). */
export const PREVIEW_THEMES = ["light", "dark", "contrast"] as const;
export type PreviewTheme = (typeof PREVIEW_THEMES)[number];

/** A selector without quotes or spaces: minifiers drop the quotes, CSSOM adds them back. */
function normalised(selector: string): string {
  return selector.replace(/["'\s]/g, "");
}

/**
 * The declarations (custom properties and color-scheme) of the rules that select `theme` on the root,
 * later rules winning: what <html data-theme=theme> would get from those rules.
 */
export function themeDeclarations(rules: Iterable<ThemeRule>, theme: PreviewTheme): Record<string, string> {
  const wanted = `:root[data-theme=${theme}]`;
  const declarations: Record<string, string> = {};
  for (const rule of rules) {
    if (!rule.selectors.some((selector) => normalised(selector) === wanted)) continue;
    for (const [name, value] of rule.declarations) {
      if (name.startsWith("--") || name === "color-scheme") declarations[name] = value.trim();
    }
  }
  return declarations;
}

interface RuleLike {
  selectorText?: string;
  /** A CSSStyleDeclaration: its property names by index, and their values. */
  style?: ArrayLike<string> & { getPropertyValue(name: string): string };
  cssRules?: ArrayLike<unknown>;
  media?: unknown;
  conditionText?: unknown;
}

function collect(rules: ArrayLike<unknown>, into: ThemeRule[]): void {
  for (let index = 0; index < rules.length; index += 1) {
    const rule = rules[index] as RuleLike;
    if (rule.selectorText !== undefined && rule.style) {
      const style = rule.style;
      const declarations: [string, string][] = [];
      for (let item = 0; item < style.length; item += 1) {
        const name = style[item] as string;
        declarations.push([name, style.getPropertyValue(name)]);
      }
      into.push({ selectors: rule.selectorText.split(","), declarations });
    } else if (rule.cssRules && rule.media === undefined && rule.conditionText === undefined) {
      // Layers hold rules that always apply; media and supports rules only sometimes.
      collect(rule.cssRules, into);
    }
  }
}

/** The style rules of the page's style sheets (a sheet from another origin cannot be read and is skipped). */
export function pageThemeRules(sheets: ArrayLike<{ readonly cssRules: ArrayLike<unknown> }>): ThemeRule[] {
  const rules: ThemeRule[] = [];
  for (let index = 0; index < sheets.length; index += 1) {
    try {
      collect((sheets[index] as { readonly cssRules: ArrayLike<unknown> }).cssRules, rules);
    } catch {
      // A cross-origin sheet throws on cssRules; it holds no tokens of ours.
    }
  }
  return rules;
}
