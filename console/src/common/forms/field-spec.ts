import type { ReactNode } from 'react';

export type FieldKind = 'text' | 'password' | 'email' | 'number' | 'textarea' | 'select' | 'switch';

/**
 * One field of a form declared as a list (ARCHITECTURE "forms declared as field lists"): the form
 * component renders the list, so labels, help and error placement are the same everywhere.
 */
export interface FieldSpec<Values> {
  name: keyof Values & string;
  kind: FieldKind;
  label: ReactNode;
  placeholder?: string;
  helperText?: ReactNode;
  /** Choices of a `select`. */
  options?: ReadonlyArray<{ value: string; label: string }>;
  required?: boolean;
  disabled?: boolean;
  /** Shown inside the input on the right (a button, a unit). */
  rightElement?: ReactNode;
  /** Input attributes such as `maxLength`, `min`, `autoComplete`. */
  inputProps?: Record<string, unknown>;
  /** Hides the field when false. */
  visible?: boolean;
}

export type FieldErrors<Values> = Partial<Record<keyof Values & string, string>>;
