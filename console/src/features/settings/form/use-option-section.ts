import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import i18n from '../../../i18n';
import { focusFirstInvalid } from '../../../common/forms/focus-invalid';
import { showError, showInfo, showSuccess } from '../../../common/notify';
import { isApiError } from '../../../app/api-error';
import { planSave, prettyJson, type SaveOutcome, sendChanges } from './option-changes';
import type { OptionErrors, OptionField, OptionValues } from './option-fields';
import { useGetOptionsQuery, useUpdateOptionMutation } from './settings-api';

/** What a field shows before it is edited: secrets empty, JSON indented, the rest as stored. */
function initialValue(field: OptionField, stored: string): string {
  if (field.kind === 'secret') return '';
  return field.kind === 'json' ? prettyJson(stored) : stored;
}

/**
 * The state of one settings section: the stored options, the edited values of its fields, their
 * errors, and `save()` (one call per changed key, with the spec's messages for no change,
 * invalid input, failure and partial failure). A switch is written the moment it flips.
 */
export function useOptionSection(fields: readonly OptionField[], options: { savedMessage?: string } = {}) {
  const { savedMessage } = options;
  const { data: stored, isLoading } = useGetOptionsQuery();
  const [update] = useUpdateOptionMutation();
  const [edited, setEdited] = useState<OptionValues>({});
  const [errors, setErrors] = useState<OptionErrors>({});
  const [saving, setSaving] = useState(false);
  /** The section's element: a rejected save brings its first field in error into view. */
  const rootRef = useRef<HTMLDivElement>(null);

  const storedValues = useMemo(() => stored ?? {}, [stored]);
  // The form starts from (and returns to, after a save) what is stored; secrets start empty.
  useEffect(() => {
    setEdited(Object.fromEntries(fields.map((field) => [field.key, initialValue(field, storedValues[field.key] ?? '')])));
  }, [fields, storedValues]);

  const setValue = useCallback((key: string, value: string) => {
    setEdited((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  }, []);

  const put = useCallback((change: { key: string; value: string }) => update(change).unwrap(), [update]);

  /**
   * Sends the changes; a key the server refuses gets the server's message under its field (the
   * toast says it too), so the admin sees which value to fix.
   */
  const sendAndMark = useCallback(
    async (changes: Array<{ key: string; value: string }>) => {
      const refused: OptionErrors = {};
      const result = await sendChanges(changes, async (change) => {
        try {
          return await put(change);
        } catch (error) {
          refused[change.key] = isApiError(error) && error.message ? error.message : i18n.t('setting:messages.saveFailed');
          throw error;
        }
      });
      if (result.failedKeys.length > 0) {
        setErrors((current) => ({ ...current, ...refused }));
        focusFirstInvalid(rootRef.current);
      }
      return result;
    },
    [put],
  );

  /** Saves the section's changed fields and answers how it went. */
  const save = useCallback(async (): Promise<SaveOutcome> => {
    const plan = planSave(fields, storedValues, edited);
    setErrors(plan.errors);
    if (Object.values(plan.errors).some(Boolean)) {
      showError(i18n.t('setting:messages.checkInput'));
      focusFirstInvalid(rootRef.current);
      return 'invalid';
    }
    setSaving(true);
    const { outcome } = await sendAndMark(plan.changes);
    setSaving(false);
    if (outcome === 'unchanged') showInfo(i18n.t('setting:messages.unchanged'));
    if (outcome === 'saved') showSuccess(savedMessage ?? i18n.t('setting:messages.saved'));
    if (outcome === 'partial') showError(i18n.t('setting:messages.partiallySaved'));
    if (outcome === 'failed') showError(i18n.t('setting:messages.saveFailed'));
    return outcome;
  }, [edited, fields, sendAndMark, savedMessage, storedValues]);

  /** Flips a switch and writes it at once (spec §4 "Toggle settings"). */
  const toggle = useCallback(
    async (key: string, on: boolean) => {
      setValue(key, String(on));
      const { outcome } = await sendChanges([{ key, value: String(on) }], put);
      if (outcome === 'saved') showSuccess(i18n.t('setting:messages.saved'));
      else setValue(key, storedValues[key] ?? '');
    },
    [put, setValue, storedValues],
  );

  return { stored: storedValues, values: edited, errors, setValue, save, toggle, saving, isLoading, rootRef };
}

export type OptionSectionState = ReturnType<typeof useOptionSection>;
