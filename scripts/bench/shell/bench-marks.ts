/** The ready mark of the bare React page (the runtime's is APP_READY_MARK, runtime/boot/app-ready.ts). */
export const BARE_READY_MARK = "bare:app-ready";
