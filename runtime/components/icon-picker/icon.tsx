import { useEffect, useState } from "react";
import type { IconWeight } from "./icon-filter.ts";
import { type Glyph, loadGlyph } from "./icon-glyphs.ts";

export interface IconProps {
  /** Icon name in kebab-case (menus manifest, §3 Select option icon). */
  name: string;
  weight?: IconWeight;
  /** Accessible name; without it the icon is decorative and hidden from assistive technology. */
  label?: string;
  className?: string;
}

/** The glyph of `name` once its chunk has loaded (null before, and for an unknown name). */
function useGlyph(name: string, weight: IconWeight): Glyph | null {
  const [loaded, setLoaded] = useState<{ id: string; glyph: Glyph | null } | null>(null);
  const id = `${weight}:${name}`;
  useEffect(() => {
    let current = true;
    void loadGlyph(name, weight).then((glyph) => {
      if (current) setLoaded({ id, glyph });
    });
    return () => {
      current = false;
    };
  }, [id, name, weight]);
  return loaded?.id === id ? loaded.glyph : null;
}

/**
 * A named icon of the product's icon set (runtime/components/icon-picker/icon-glyphs.ts), drawn as
 * inline SVG in the current text colour at 1em. The glyph loads lazily; until then (or for a name the
 * set lacks) the element keeps its 1em box, so nothing shifts. The name and weight stay on the
 * element as data attributes.
 */
export function Icon(props: IconProps) {
  const weight = props.weight ?? "regular";
  const glyph = useGlyph(props.name, weight);
  const common = {
    className: ["kit-icon", props.className].filter(Boolean).join(" "),
    "data-icon": props.name,
    "data-weight": weight,
  };
  const svg = glyph ? (
    <svg
      className="kit-icon__svg"
      viewBox={`0 0 ${glyph.width} ${glyph.height}`}
      aria-hidden="true"
      focusable="false"
      fill="currentColor"
    >
      {glyph.paths.map((d, index) => (
        // Duotone glyphs: the first path is the secondary layer, drawn lighter.
        <path key={d} d={d} opacity={glyph.paths.length > 1 && index === 0 ? 0.4 : undefined} />
      ))}
    </svg>
  ) : null;
  return props.label ? (
    <span {...common} role="img" aria-label={props.label}>
      {svg}
    </span>
  ) : (
    <span {...common} aria-hidden="true">
      {svg}
    </span>
  );
}
