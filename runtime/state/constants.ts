/**
 * The numbers of SPEC §9 as named constants with their units. The single source
 * is manifests/constants.json (bundled at build time); names follow it in
 * SCREAMING_SNAKE_CASE.
 */
import constants from "../../manifests/constants.json";

/** chatAttachmentMaxBytes (manifests/constants.json). */
export const CHAT_ATTACHMENT_MAX_BYTES = constants.chatAttachmentMaxBytes;
/** recentColoursMax (manifests/constants.json). */
export const RECENT_COLOURS_MAX = constants.recentColoursMax;
/** languageCookieLifetimeDays (manifests/constants.json). */
export const LANGUAGE_COOKIE_LIFETIME_DAYS = constants.languageCookieLifetimeDays;
/** bannerAutoHideMs (manifests/constants.json). */
export const BANNER_AUTO_HIDE_MS = constants.bannerAutoHideMs;
/** dialogCloseAnimationMs (manifests/constants.json). */
export const DIALOG_CLOSE_ANIMATION_MS = constants.dialogCloseAnimationMs;
/** dialogBackgroundDelayMs (manifests/constants.json). */
export const DIALOG_BACKGROUND_DELAY_MS = constants.dialogBackgroundDelayMs;
/** dialogLoadingIndicatorDelayMs (manifests/constants.json). */
export const DIALOG_LOADING_INDICATOR_DELAY_MS = constants.dialogLoadingIndicatorDelayMs;
/** pageLoadingIndicatorDelayMs (manifests/constants.json). */
export const PAGE_LOADING_INDICATOR_DELAY_MS = constants.pageLoadingIndicatorDelayMs;
/** reloadDelayMs (manifests/constants.json). */
export const RELOAD_DELAY_MS = constants.reloadDelayMs;
/** disconnectRedirectDelayMs (manifests/constants.json). */
export const DISCONNECT_REDIRECT_DELAY_MS = constants.disconnectRedirectDelayMs;
/** impersonationFailureCloseMs (manifests/constants.json). */
export const IMPERSONATION_FAILURE_CLOSE_MS = constants.impersonationFailureCloseMs;
/** scrollStopDelayMs (manifests/constants.json). */
export const SCROLL_STOP_DELAY_MS = constants.scrollStopDelayMs;
/** subMenuOpenDelayMs (manifests/constants.json). */
export const SUB_MENU_OPEN_DELAY_MS = constants.subMenuOpenDelayMs;
/** subMenuCloseDelayMs (manifests/constants.json). */
export const SUB_MENU_CLOSE_DELAY_MS = constants.subMenuCloseDelayMs;
/** attachmentPreviewDebounceMs (manifests/constants.json). */
export const ATTACHMENT_PREVIEW_DEBOUNCE_MS = constants.attachmentPreviewDebounceMs;
/** tooltipShowDelayMs (manifests/constants.json). */
export const TOOLTIP_SHOW_DELAY_MS = constants.tooltipShowDelayMs;
/** tooltipTargetRefreshDebounceMs (manifests/constants.json). */
export const TOOLTIP_TARGET_REFRESH_DEBOUNCE_MS = constants.tooltipTargetRefreshDebounceMs;
/** successTooltipDurationMs (manifests/constants.json). */
export const SUCCESS_TOOLTIP_DURATION_MS = constants.successTooltipDurationMs;
/** virtualListThrottleMs (manifests/constants.json). */
export const VIRTUAL_LIST_THROTTLE_MS = constants.virtualListThrottleMs;
/** longPressStartMs (manifests/constants.json). */
export const LONG_PRESS_START_MS = constants.longPressStartMs;
/** longPressRepeatMs (manifests/constants.json). */
export const LONG_PRESS_REPEAT_MS = constants.longPressRepeatMs;
/** menuDropdownWidthPx (manifests/constants.json). */
export const MENU_DROPDOWN_WIDTH_PX = constants.menuDropdownWidthPx;
/** menuColumns (manifests/constants.json). */
export const MENU_COLUMNS = constants.menuColumns;
/** adminMenuMaxWidthPx (manifests/constants.json). */
export const ADMIN_MENU_MAX_WIDTH_PX = constants.adminMenuMaxWidthPx;
/** adminMenuColumns (manifests/constants.json). */
export const ADMIN_MENU_COLUMNS = constants.adminMenuColumns;
/** notificationDropdownWidthPx (manifests/constants.json). */
export const NOTIFICATION_DROPDOWN_WIDTH_PX = constants.notificationDropdownWidthPx;
/** selectRowHeightPx (manifests/constants.json). */
export const SELECT_ROW_HEIGHT_PX = constants.selectRowHeightPx;
/** selectDropdownMaxHeightPx (manifests/constants.json). */
export const SELECT_DROPDOWN_MAX_HEIGHT_PX = constants.selectDropdownMaxHeightPx;
/** popoverOffsetPx (manifests/constants.json). */
export const POPOVER_OFFSET_PX = constants.popoverOffsetPx;
/** popoverViewportClampPx (manifests/constants.json). */
export const POPOVER_VIEWPORT_CLAMP_PX = constants.popoverViewportClampPx;
/** scrollbarExtraPx (manifests/constants.json). */
export const SCROLLBAR_EXTRA_PX = constants.scrollbarExtraPx;
/** selectSearchableFromOptions (manifests/constants.json). */
export const SELECT_SEARCHABLE_FROM_OPTIONS = constants.selectSearchableFromOptions;
/** selectAllFromOptions (manifests/constants.json). */
export const SELECT_ALL_FROM_OPTIONS = constants.selectAllFromOptions;
/** virtualListBufferItems (manifests/constants.json). */
export const VIRTUAL_LIST_BUFFER_ITEMS = constants.virtualListBufferItems;
/** logConsoleMinSeverity (manifests/constants.json). */
export const LOG_CONSOLE_MIN_SEVERITY = constants.logConsoleMinSeverity;
/** logSeverityLevels (manifests/constants.json). */
export const LOG_SEVERITY_LEVELS = constants.logSeverityLevels;
/** maskedPasswordMinChars (manifests/constants.json). */
export const MASKED_PASSWORD_MIN_CHARS = constants.maskedPasswordMinChars;
/** maskedPasswordPlaceholderChars (manifests/constants.json). */
export const MASKED_PASSWORD_PLACEHOLDER_CHARS = constants.maskedPasswordPlaceholderChars;
/** themes (manifests/constants.json). */
export const THEMES = constants.themes;
/** storedThemes (manifests/constants.json). */
export const STORED_THEMES = constants.storedThemes;
/** themeStyles (manifests/constants.json). */
export const THEME_STYLES = constants.themeStyles;
/** languages (manifests/constants.json). */
export const LANGUAGES = constants.languages;
/** iconPickerCategories (manifests/constants.json). */
export const ICON_PICKER_CATEGORIES = constants.iconPickerCategories;
/** iconWeights (manifests/constants.json). */
export const ICON_WEIGHTS = constants.iconWeights;
/** chatImageExtensions (manifests/constants.json). */
export const CHAT_IMAGE_EXTENSIONS = constants.chatImageExtensions;
