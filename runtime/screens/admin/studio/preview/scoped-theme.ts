/**
 * A theme applied to one element instead of the page (DESIGN.md §6 tokens): runtime/theme/tokens.css
 * selects a theme's custom properties with `:root[data-theme=…]`, which only <html> can match, so
 * the preview reads that theme's declarations from the page's own stylesheets and sets them on its
 * container — the tokens stay defined once, and the rest of the studio keeps the operator's theme.
 */

/** The parts of a CSSStyleDeclaration read here. */
export interface DeclarationsLike {
  readonly length: number;
  item(index: number): string;
  getPropertyValue(property: string): string;
}

/** The parts of a CSS rule read here (a style rule has a selector and declarations). */
export interface RuleLike {
  readonly selectorText?: string;
  readonly style?: DeclarationsLike;
}

/** The parts of a stylesheet read here; reading `cssRules` of a cross-origin sheet throws. */
export interface SheetLike {
  readonly cssRules: ArrayLike<RuleLike>;
}

/** Whether a declaration belongs to a theme: its colour tokens and shadows, and its colour scheme. */
const isThemeProperty = (property: string) => property.startsWith("--") || property === "color-scheme";

/**
 * The declarations the rules selecting `:root[data-theme="<theme>"]` make (in stylesheet order, a
 * later one winning), as inline style properties. Browsers serialise attribute selectors with
 * double quotes, whatever the source or the minifier wrote. Sheets that cannot be read are skipped.
 */
export function themeDeclarations(sheets: Iterable<SheetLike>, theme: string): Record<string, string> {
  const selector = `:root[data-theme="${theme}"]`;
  const found: Record<string, string> = {};
  for (const sheet of sheets) {
    let rules: ArrayLike<RuleLike>;
    try {
      rules = sheet.cssRules;
    } catch {
      continue;
    }
    for (let index = 0; index < rules.length; index++) {
      const rule = rules[index];
      if (!rule?.selectorText || !rule.style) continue;
      if (!rule.selectorText.split(",").some((part) => part.trim() === selector)) continue;
      for (let at = 0; at < rule.style.length; at++) {
        const property = rule.style.item(at);
        if (isThemeProperty(property)) found[property] = rule.style.getPropertyValue(property).trim();
      }
    }
  }
  return found;
}
