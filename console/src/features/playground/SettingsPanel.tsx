import { Button, Card, FormGroup, H5, HTMLSelect, NumericInput, Slider, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModelSuggest } from './ModelSuggest';
import {
  type GroupOption,
  type PlaygroundSettings,
  TEMPERATURE_MAX,
  TEMPERATURE_MIN,
  TEMPERATURE_STEP,
} from './playground-settings';

interface SettingsPanelProps {
  settings: PlaygroundSettings;
  groups: GroupOption[];
  models: string[];
  loadingModels: boolean;
  onChange(change: Partial<PlaygroundSettings>): void;
  /** On mobile the panel overlays the chat and has a close button. */
  onClose?: () => void;
}

function groupLabel(option: GroupOption, ownGroupLabel: string): string {
  if (option.value === '') return ownGroupLabel;
  const details = [option.desc, option.ratio === null ? '' : `×${option.ratio}`].filter(Boolean).join(' · ');
  return details ? `${option.value} (${details})` : option.value;
}

/** The left panel: group, model, temperature, max tokens and system prompt (spec §2). */
export function SettingsPanel({ settings, groups, models, loadingModels, onChange, onClose }: SettingsPanelProps) {
  const { t } = useTranslation('playground');
  // The typed text, so partial input ("", "1e") does not jump; the setting keeps a whole number.
  const [maxTokensText, setMaxTokensText] = useState(String(settings.maxTokens));

  return (
    <Card className="mg-pg-settings" compact>
      <div className="mg-pg-settings-header">
        <H5>{t('settings.title')}</H5>
        {onClose && <Button variant="minimal" icon="cross" aria-label={t('settings.close')} onClick={onClose} />}
      </div>
      <FormGroup label={t('settings.group.label')} labelFor="mg-pg-group">
        <HTMLSelect
          id="mg-pg-group"
          fill
          value={settings.group}
          disabled={groups.length <= 1 && groups[0]?.value === ''}
          onChange={(event) => onChange({ group: event.target.value })}
          options={groups.map((option) => ({ value: option.value, label: groupLabel(option, t('settings.group.own')) }))}
        />
      </FormGroup>
      <FormGroup label={t('settings.model.label')} labelFor="mg-pg-model">
        <ModelSuggest
          id="mg-pg-model"
          models={models}
          value={settings.model}
          loading={loadingModels}
          onChange={(model) => onChange({ model })}
        />
      </FormGroup>
      <FormGroup label={t('settings.temperature.label')} className="mg-pg-slider">
        <Slider
          min={TEMPERATURE_MIN}
          max={TEMPERATURE_MAX}
          stepSize={TEMPERATURE_STEP}
          labelValues={[0.1, 0.4, 0.7, 1]}
          labelPrecision={1}
          value={settings.temperature}
          onChange={(value) => onChange({ temperature: Math.round(value * 10) / 10 })}
          handleHtmlProps={{ 'aria-label': t('settings.temperature.label') }}
        />
      </FormGroup>
      <FormGroup label={t('settings.maxTokens.label')} labelFor="mg-pg-max-tokens" helperText={t('settings.maxTokens.hint')}>
        <NumericInput
          id="mg-pg-max-tokens"
          fill
          min={0}
          stepSize={1}
          minorStepSize={null}
          majorStepSize={1000}
          allowNumericCharactersOnly
          value={maxTokensText}
          onValueChange={(value, text) => {
            setMaxTokensText(text);
            onChange({ maxTokens: Number.isFinite(value) ? Math.max(0, Math.trunc(value)) : 0 });
          }}
        />
      </FormGroup>
      <FormGroup label={t('settings.systemPrompt.label')} labelFor="mg-pg-system" helperText={t('settings.systemPrompt.hint')}>
        <TextArea
          id="mg-pg-system"
          fill
          autoResize
          rows={4}
          value={settings.systemPrompt}
          placeholder={t('settings.systemPrompt.placeholder')}
          onChange={(event) => onChange({ systemPrompt: event.target.value })}
        />
      </FormGroup>
    </Card>
  );
}
