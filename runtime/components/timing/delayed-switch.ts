/**
 * A switch that turns on and off after delays: the timing of sub-menus (SPEC §9: open after
 * SUB_MENU_OPEN_DELAY_MS, close after SUB_MENU_CLOSE_DELAY_MS) and tooltips (show after
 * TOOLTIP_SHOW_DELAY_MS). A new request cancels the pending opposite one, so moving the pointer across
 * a sub-menu's gap does not close it. Framework-free; tested with mock.timers.
 */

/** Controls one delayed switch. */
export interface DelayedSwitch {
  /** Turn on after the open delay (immediately when it is 0); cancels a pending close. */
  requestOn(): void;
  /** Turn off after the close delay (immediately when it is 0); cancels a pending open. */
  requestOff(): void;
  /** Turn on or off now, cancelling anything pending (keyboard use). */
  set(on: boolean): void;
  /** Whether the switch is on. */
  isOn(): boolean;
  /** Cancels pending timers (on unmount). */
  dispose(): void;
}

/** Creates a delayed switch calling `onChange` whenever its state flips. */
export function createDelayedSwitch(options: {
  onDelayMs: number;
  offDelayMs: number;
  onChange: (on: boolean) => void;
}): DelayedSwitch {
  let on = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const flip = (next: boolean) => {
    cancel();
    if (on === next) return;
    on = next;
    options.onChange(next);
  };
  const schedule = (next: boolean, delay: number) => {
    cancel();
    if (on === next) return;
    if (delay <= 0) flip(next);
    else timer = setTimeout(() => flip(next), delay);
  };
  return {
    requestOn: () => schedule(true, options.onDelayMs),
    requestOff: () => schedule(false, options.offDelayMs),
    set: flip,
    isOn: () => on,
    dispose: cancel,
  };
}
