import { useCallback, useState } from 'react';
import type { FieldErrors } from './field-spec';

export type Validate<Values> = (values: Values) => FieldErrors<Values>;

/**
 * Form state for a declared field list: values, the errors of the last check, a setter that
 * clears a field's error as it is edited, and `check()` that validates everything before submit.
 */
export function useForm<Values extends Record<string, unknown>>(initial: Values | (() => Values), validate?: Validate<Values>) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});

  const setField = useCallback(<Name extends keyof Values & string>(name: Name, value: Values[Name]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }, []);

  /** Validates the current values; answers true when there is nothing to fix. */
  const check = useCallback((): boolean => {
    const found = validate ? validate(values) : {};
    setErrors(found);
    return Object.values(found).every((message) => !message);
  }, [validate, values]);

  return { values, setValues, errors, setErrors, setField, check };
}
