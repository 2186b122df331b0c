import type { TextFieldProps } from "./text-field.tsx";
import { TextField } from "./text-field.tsx";

/** Props of an EmailField: a TextField without a type. */
export type EmailFieldProps = Omit<TextFieldProps, "type" | "email" | "multiline">;

/** A labelled e-mail input checked with the product's linear-time e-mail pattern (§5 InvalidEmail). */
export function EmailField(props: EmailFieldProps) {
  return <TextField autoComplete="email" inputMode="email" {...props} type="email" email />;
}
