/** The custom period of a dashboard: `Properties.CustomPeriod: { From, To }`, ISO dates (pure). */

/** The custom period stored in a dashboard definition. */
export interface CustomPeriod {
  From: string;
  To: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The stored period, when the definition holds a valid one. */
export function customPeriodOf(properties: Record<string, unknown> | undefined): CustomPeriod | null {
  const value = properties?.CustomPeriod as Partial<CustomPeriod> | undefined;
  if (!value || typeof value.From !== "string" || typeof value.To !== "string") return null;
  return DATE.test(value.From) && DATE.test(value.To) ? { From: value.From, To: value.To } : null;
}

/** The error key of a period, or null: both dates required, From not after To. */
export function periodError(period: CustomPeriod): string | null {
  if (!DATE.test(period.From) || !DATE.test(period.To)) return "ValidationErrorMessage_Required";
  return period.From > period.To ? "CustomPeriod_Order" : null;
}
