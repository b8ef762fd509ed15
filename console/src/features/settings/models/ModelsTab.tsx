import { Callout } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionField } from '../form/option-fields';
import { OptionSection } from '../form/OptionSection';

/** Examples shown in the empty JSON editors (spec §9: default max tokens 8192). */
const EXAMPLES = {
  safety: JSON.stringify({ default: 'OFF', HARM_CATEGORY_CIVIC_INTEGRITY: 'BLOCK_NONE' }, null, 2),
  version: JSON.stringify({ default: 'v1beta' }, null, 2),
  headers: JSON.stringify({ 'claude-3-7-sonnet-20250219-thinking': { 'anthropic-beta': ['output-128k-2025-02-19'] } }, null, 2),
  maxTokens: JSON.stringify({ default: 8192 }, null, 2),
};

/** The thinking budget's bounds and default (spec §5 "Settings", §9). */
const BUDGET_MIN = 0.1;
const BUDGET_MAX = 1;
const BUDGET_DEFAULT = '0.8';

/** The model tab (spec §2): global pass-through, then the Gemini and the Claude settings. */
export function ModelsTab() {
  const { t } = useTranslation('setting');
  const sections = useMemo(() => {
    const global: OptionField[] = [{ key: 'global.pass_through_request_enabled', kind: 'switch', label: t('models.global.passThrough.label') }];
    const gemini: OptionField[] = [
      { key: 'gemini.safety_settings', kind: 'json', label: t('models.gemini.safety.label'), helperText: t('models.gemini.safety.help'), placeholder: EXAMPLES.safety },
      { key: 'gemini.version_settings', kind: 'json', label: t('models.gemini.version.label'), helperText: t('models.gemini.version.help'), placeholder: EXAMPLES.version },
    ];
    const claude: OptionField[] = [
      { key: 'claude.model_headers_settings', kind: 'json', label: t('models.claude.headers.label'), helperText: t('models.claude.headers.help'), placeholder: EXAMPLES.headers },
      { key: 'claude.default_max_tokens', kind: 'json', label: t('models.claude.maxTokens.label'), helperText: t('models.claude.maxTokens.help'), placeholder: EXAMPLES.maxTokens },
      { key: 'claude.thinking_adapter_enabled', kind: 'switch', label: t('models.claude.thinking.label'), helperText: t('models.claude.thinking.help') },
      {
        key: 'claude.thinking_adapter_budget_tokens_percentage',
        kind: 'number',
        label: t('models.claude.budget.label'),
        helperText: t('models.claude.budget.help'),
        placeholder: BUDGET_DEFAULT,
        validate: (value) => {
          const share = Number(value);
          return value.trim() === '' || !(share >= BUDGET_MIN && share <= BUDGET_MAX) ? t('models.claude.budget.range') : undefined;
        },
      },
    ];
    return { global, gemini, claude };
  }, [t]);

  return (
    <div className="mg-models-tab">
      <OptionSection title={t('models.global.title')} fields={sections.global}>
        <Callout intent="warning" icon="warning-sign">
          {t('models.global.passThrough.warning')}
        </Callout>
      </OptionSection>
      <OptionSection title={t('models.gemini.title')} fields={sections.gemini} />
      <OptionSection title={t('models.claude.title')} fields={sections.claude} />
    </div>
  );
}
