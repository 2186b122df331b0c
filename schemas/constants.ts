import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import { manifestHeaderProperties } from "./common.ts";

/** An integer constant with its bounds; the unit is in the property name. */
function integerConstant<const Description extends string>(
  description: Description,
  minimum: number,
  maximum: number,
) {
  return { type: "integer", minimum, maximum, description } as const;
}

/** The complete, ordered list of a spec enumeration: every value exactly once. */
function completeList<const Values extends readonly string[]>(values: Values, description: string) {
  return {
    type: "array",
    items: { enum: values, description: "One value of the list." },
    uniqueItems: true,
    minItems: values.length,
    maxItems: values.length,
    description,
  } as const;
}

const themes = ["sync", "light", "dark", "contrast"] as const;
const storedThemes = ["light", "dark", "sync"] as const;
const themeStyles = ["rounded", "square"] as const;
const languages = ["en", "de", "es", "fr", "nl", "pt", "it"] as const;
const iconPickerCategories = [
  "arrow",
  "bullets",
  "chart",
  "communication",
  "computer",
  "files",
  "fooddrinks",
  "indicators",
  "markers",
  "objects",
  "payment",
  "people",
  "places",
  "ratings",
  "shopping",
  "social",
  "symbols",
  "transportation",
] as const;
const iconWeights = ["brands", "duo-tone", "light", "regular", "solid"] as const;
const chatImageExtensions = ["png", "jpg", "jpeg", "gif"] as const;

/** The constants manifest: every business constant and limit of SPEC §9, named with its unit. */
export const constantsManifestSchema = {
  $id: "constants",
  type: "object",
  description:
    "Business constants and limits (SPEC §9, plus the fixed values of §5). Names carry the unit: Ms " +
    "(milliseconds), Px (CSS pixels), Bytes, Days; counts carry what they count.",
  properties: {
    ...manifestHeaderProperties,

    // Limits
    chatAttachmentMaxBytes: integerConstant(
      "§9 chat attachment maximum: 2 MB (2097152 bytes).",
      1,
      104857600,
    ),
    recentColoursMax: integerConstant(
      "§9 (and §3 client preferences): most recent colour-picker colours kept: 8.",
      1,
      64,
    ),
    languageCookieLifetimeDays: integerConstant("§9 language cookie lifetime: 90 days.", 1, 400),

    // Timings
    bannerAutoHideMs: integerConstant("§9, §4.5 top message banner auto-hides after 5 s.", 500, 60000),
    dialogCloseAnimationMs: integerConstant("§9, §4.5 a closing dialog is removed after 100 ms.", 0, 2000),
    dialogBackgroundDelayMs: integerConstant("§9 dialog loading background appears after 100 ms.", 0, 5000),
    dialogLoadingIndicatorDelayMs: integerConstant(
      "§9 dialog loading indicator appears after 300 ms.",
      0,
      5000,
    ),
    pageLoadingIndicatorDelayMs: integerConstant("§9 page loading indicator appears after 150 ms.", 0, 5000),
    reloadDelayMs: integerConstant(
      "§9, §4.2 a realtime reload request reloads the page after 500 ms.",
      0,
      10000,
    ),
    disconnectRedirectDelayMs: integerConstant(
      "§9, §4.2 after a user-hub disconnect, /logout?ws=0 follows after 500 ms.",
      0,
      10000,
    ),
    impersonationFailureCloseMs: integerConstant(
      "§9, §4.1 step 4 the window closes 1000 ms after an impersonation failure.",
      0,
      30000,
    ),
    scrollStopDelayMs: integerConstant(
      "§9 scroll-stop is reported 100 ms after the last scroll event.",
      10,
      2000,
    ),
    subMenuOpenDelayMs: integerConstant("§9 a dropdown sub-menu opens after 100 ms of hover.", 0, 2000),
    subMenuCloseDelayMs: integerConstant(
      "§9 a dropdown sub-menu closes 100 ms after the pointer leaves.",
      0,
      2000,
    ),
    attachmentPreviewDebounceMs: integerConstant(
      "§9 attachment preview events are debounced by 50 ms.",
      0,
      2000,
    ),
    tooltipShowDelayMs: integerConstant("§9 a tooltip shows after 300 ms of hover.", 0, 5000),
    tooltipTargetRefreshDebounceMs: integerConstant(
      "§9 tooltip target refresh is debounced 500 ms.",
      0,
      5000,
    ),
    successTooltipDurationMs: integerConstant("§9 a success tooltip lasts 1.2 s.", 100, 10000),
    virtualListThrottleMs: integerConstant("§9 virtual list scroll handling is throttled to 50 ms.", 0, 1000),
    longPressStartMs: integerConstant("§9 a long press starts after 400 ms.", 50, 5000),
    longPressRepeatMs: integerConstant("§9 a held long press repeats every 50 ms.", 10, 2000),

    // Sizes
    menuDropdownWidthPx: integerConstant("§9 navigation panel dropdown width: 420 px.", 200, 2000),
    menuColumns: integerConstant("§9, §2.5 navigation panel columns: 2.", 1, 2),
    adminMenuMaxWidthPx: integerConstant("§9 admin menu maximum width: 880 px.", 200, 4000),
    adminMenuColumns: integerConstant("§9 admin menu columns: 4.", 1, 4),
    notificationDropdownWidthPx: integerConstant("§9 notification dropdown width: 350 px.", 200, 2000),
    selectRowHeightPx: integerConstant("§9 select dropdown row height: 30 px.", 16, 200),
    selectDropdownMaxHeightPx: integerConstant("§9 select dropdown maximum height: 300 px.", 60, 2000),
    popoverOffsetPx: integerConstant("§9 popover default offset from its anchor: 5 px.", 0, 100),
    popoverViewportClampPx: integerConstant(
      "§9 popovers are clamped 10 px from the viewport's top and bottom edges.",
      0,
      200,
    ),
    scrollbarExtraPx: integerConstant(
      "§9 added to a measured scrollbar width when it is non-zero: 1 px.",
      0,
      10,
    ),

    // Counts and thresholds
    selectSearchableFromOptions: integerConstant("§9 a select is searchable from 10 options.", 0, 1000),
    selectAllFromOptions: integerConstant("§9 a multi-select offers select-all from 5 options.", 0, 1000),
    virtualListBufferItems: integerConstant(
      "§9 items rendered beyond the visible range of a virtual list: 4.",
      0,
      100,
    ),
    logConsoleMinSeverity: integerConstant(
      "§9 minimum severity written to the console from realtime log events (1 info, 2 warning, 3 error): 2.",
      1,
      3,
    ),
    logSeverityLevels: {
      type: "object",
      description: "§9 log severity levels of realtime log events (§7).",
      properties: {
        info: { const: 1, description: "§9 severity of info messages: 1." },
        warning: { const: 2, description: "§9 severity of warnings: 2." },
        error: { const: 3, description: "§9 severity of errors: 3." },
      },
      required: ["info", "warning", "error"],
      additionalProperties: false,
    },
    maskedPasswordMinChars: integerConstant(
      "§5 an all-asterisk password value of at least this many characters (longer than 4) shows as a placeholder.",
      1,
      100,
    ),
    maskedPasswordPlaceholderChars: integerConstant(
      "§5 length of the asterisk placeholder of a masked password: 8.",
      1,
      100,
    ),

    // Enumerations
    themes: completeList(themes, "§9 themes: sync, light, dark, contrast."),
    storedThemes: completeList(
      storedThemes,
      "§9 values the stored theme preference may take: light, dark, sync.",
    ),
    themeStyles: completeList(themeStyles, "§9 theme styles: rounded, square."),
    languages: completeList(languages, "§9 UI language codes: en, de, es, fr, nl, pt, it."),
    iconPickerCategories: completeList(iconPickerCategories, "§9 icon picker categories, in display order."),
    iconWeights: completeList(iconWeights, "§9 icon weights: brands, duo-tone, light, regular, solid."),
    chatImageExtensions: completeList(
      chatImageExtensions,
      "§5 file extensions (compared case-insensitively) recognised as images in the support chat.",
    ),
  },
  required: [
    "version",
    "chatAttachmentMaxBytes",
    "recentColoursMax",
    "languageCookieLifetimeDays",
    "bannerAutoHideMs",
    "dialogCloseAnimationMs",
    "dialogBackgroundDelayMs",
    "dialogLoadingIndicatorDelayMs",
    "pageLoadingIndicatorDelayMs",
    "reloadDelayMs",
    "disconnectRedirectDelayMs",
    "impersonationFailureCloseMs",
    "scrollStopDelayMs",
    "subMenuOpenDelayMs",
    "subMenuCloseDelayMs",
    "attachmentPreviewDebounceMs",
    "tooltipShowDelayMs",
    "tooltipTargetRefreshDebounceMs",
    "successTooltipDurationMs",
    "virtualListThrottleMs",
    "longPressStartMs",
    "longPressRepeatMs",
    "menuDropdownWidthPx",
    "menuColumns",
    "adminMenuMaxWidthPx",
    "adminMenuColumns",
    "notificationDropdownWidthPx",
    "selectRowHeightPx",
    "selectDropdownMaxHeightPx",
    "popoverOffsetPx",
    "popoverViewportClampPx",
    "scrollbarExtraPx",
    "selectSearchableFromOptions",
    "selectAllFromOptions",
    "virtualListBufferItems",
    "logConsoleMinSeverity",
    "logSeverityLevels",
    "maskedPasswordMinChars",
    "maskedPasswordPlaceholderChars",
    "themes",
    "storedThemes",
    "themeStyles",
    "languages",
    "iconPickerCategories",
    "iconWeights",
    "chatImageExtensions",
  ],
  additionalProperties: false,
} as const satisfies JSONSchema;

/** A constants manifest document. */
export type ConstantsManifest = FromSchema<typeof constantsManifestSchema>;
