import type { ReactNode } from 'react';

export type OptionFieldKind = 'text' | 'number' | 'switch' | 'textarea' | 'json' | 'secret' | 'select';

/**
 * One option on a settings screen, declared by key: the section renders, validates and saves it.
 * Values are the option's text as stored (`'true'`/`'false'` for switches, JSON text for JSON).
 */
export interface OptionField {
  key: string;
  kind: OptionFieldKind;
  label: string;
  helperText?: ReactNode;
  /** Helper text that follows the value being typed (shown instead of `helperText`). */
  describeValue?(value: string): ReactNode;
  placeholder?: string;
  /** Choices of a `select`. */
  choices?: ReadonlyArray<{ value: string; label: string }>;
  /** Smallest value of a `number`. */
  min?: number;
  /** Extra check; answers the message to show, or nothing when the value is fine. */
  validate?(value: string): string | undefined;
  /** A switch asks this confirmation before it is turned off. */
  confirmOff?: ReactNode;
  /** Normalises the text before it is saved (e.g. strip a trailing slash). */
  normalise?(value: string): string;
}

export type OptionValues = Record<string, string>;
export type OptionErrors = Record<string, string | undefined>;
