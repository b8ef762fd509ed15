import { useCallback, useEffect, useMemo, useState } from 'react';
import i18n from '../../i18n';
import { showError, showInfo, showSuccess } from '../../common/notify';
import { planSave, type SaveOutcome, sendChanges } from './option-changes';
import type { OptionErrors, OptionField, OptionValues } from './option-fields';
import { useGetOptionsQuery, useUpdateOptionMutation } from './settings-api';

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

  const storedValues = useMemo(() => stored ?? {}, [stored]);
  // The form starts from (and returns to, after a save) what is stored; secrets start empty.
  useEffect(() => {
    setEdited(Object.fromEntries(fields.map((field) => [field.key, field.kind === 'secret' ? '' : (storedValues[field.key] ?? '')])));
  }, [fields, storedValues]);

  const setValue = useCallback((key: string, value: string) => {
    setEdited((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  }, []);

  const put = useCallback((change: { key: string; value: string }) => update(change).unwrap(), [update]);

  /** Saves the section's changed fields and answers how it went. */
  const save = useCallback(async (): Promise<SaveOutcome> => {
    const plan = planSave(fields, storedValues, edited);
    setErrors(plan.errors);
    if (Object.values(plan.errors).some(Boolean)) {
      showError(i18n.t('setting:messages.checkInput'));
      return 'invalid';
    }
    setSaving(true);
    const { outcome } = await sendChanges(plan.changes, put);
    setSaving(false);
    if (outcome === 'unchanged') showInfo(i18n.t('setting:messages.unchanged'));
    if (outcome === 'saved') showSuccess(savedMessage ?? i18n.t('setting:messages.saved'));
    if (outcome === 'partial') showError(i18n.t('setting:messages.partiallySaved'));
    if (outcome === 'failed') showError(i18n.t('setting:messages.saveFailed'));
    return outcome;
  }, [edited, fields, put, savedMessage, storedValues]);

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

  return { stored: storedValues, values: edited, errors, setValue, save, toggle, saving, isLoading };
}

export type OptionSectionState = ReturnType<typeof useOptionSection>;
