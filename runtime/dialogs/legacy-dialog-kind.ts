/** The component kind of legacy dialogs: the host renders them itself, in the legacy dialog container. */
export const LEGACY_DIALOG_COMPONENT = "LegacyDialog";
