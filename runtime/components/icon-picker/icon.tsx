import type { IconWeight } from "./icon-filter.ts";

/** Props of an Icon. */
export interface IconProps {
  /** Icon name in kebab-case (menus manifest, §3 Select option icon). */
  name: string;
  weight?: IconWeight;
  /** Accessible name; without it the icon is decorative and hidden from assistive technology. */
  label?: string;
  className?: string;
}

/**
 * A named icon of the product's icon set. The element carries the name and weight as data attributes;
 * the icon font or sprite the theme ships draws it (no glyphs are bundled with the kit).
 */
export function Icon(props: IconProps) {
  const common = {
    className: ["kit-icon", props.className].filter(Boolean).join(" "),
    "data-icon": props.name,
    "data-weight": props.weight ?? "regular",
  };
  return props.label ? (
    <span {...common} role="img" aria-label={props.label} />
  ) : (
    <span {...common} aria-hidden="true" />
  );
}
