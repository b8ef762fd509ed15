import { Button, Card, H4 } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/hooks';
import { useIsMobile } from '../../shell/use-is-mobile';
import { useGetSelfGroupsQuery, useGetUserModelsQuery } from '../account/self-api';
import { greetingMessages } from './chat-messages';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { DEFAULT_TEMPERATURE, defaultModel, groupOptions, type PlaygroundSettings } from './playground-settings';
import { SettingsPanel } from './SettingsPanel';
import { useChatStream } from './use-chat-stream';
import './playground.css';

const NO_MODELS: string[] = [];

/** `/playground`: chat with any model the user may use, streamed, with settings on the left. */
export function PlaygroundPage() {
  const { t } = useTranslation('playground');
  const user = useCurrentUser();
  const isMobile = useIsMobile();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const groupsQuery = useGetSelfGroupsQuery();
  const modelsQuery = useGetUserModelsQuery();
  const models = modelsQuery.data ?? NO_MODELS;
  const groups = useMemo(() => groupOptions(groupsQuery.data, user?.group), [groupsQuery.data, user?.group]);

  const [settings, setSettings] = useState<PlaygroundSettings>(() => ({
    model: '',
    group: user?.group ?? '',
    maxTokens: 0,
    temperature: DEFAULT_TEMPERATURE,
    systemPrompt: t('settings.systemPrompt.default'),
  }));
  const change = useCallback((update: Partial<PlaygroundSettings>) => setSettings((current) => ({ ...current, ...update })), []);

  // Once the lists load: a group the user may use (their own first), and the default model.
  useEffect(() => {
    if (!groupsQuery.isSuccess) return;
    setSettings((current) =>
      groups.some((option) => option.value === current.group) ? current : { ...current, group: groups[0].value },
    );
  }, [groups, groupsQuery.isSuccess]);
  useEffect(() => {
    setSettings((current) => (current.model !== '' && models.includes(current.model) ? current : { ...current, model: defaultModel(models) }));
  }, [models]);

  const initialMessages = useCallback(() => greetingMessages(t('greeting.hello'), t('greeting.reply'), Date.now()), [t]);
  const chat = useChatStream(user?.id, settings, initialMessages);

  const panel = (
    <SettingsPanel
      settings={settings}
      groups={groups}
      models={models}
      loadingModels={modelsQuery.isLoading}
      onChange={change}
      onClose={isMobile ? () => setSettingsOpen(false) : undefined}
    />
  );

  return (
    <div className={`mg-playground${isMobile ? ' mg-playground-mobile' : ''}`}>
      {(!isMobile || settingsOpen) && <div className="mg-pg-panel">{panel}</div>}
      <Card className="mg-pg-chat" compact>
        <div className="mg-pg-chat-header">
          <H4>{t('chat.title')}</H4>
          {isMobile && (
            <Button
              icon="cog"
              variant="outlined"
              active={settingsOpen}
              aria-expanded={settingsOpen}
              onClick={() => setSettingsOpen((open) => !open)}
              text={t('settings.toggle')}
            />
          )}
        </div>
        <MessageList messages={chat.messages} />
        <Composer
          streaming={chat.streaming}
          blockedReason={settings.model === '' && !modelsQuery.isLoading ? t('composer.noModel') : null}
          onSend={chat.send}
          onStop={chat.stop}
          onClear={chat.clear}
        />
      </Card>
    </div>
  );
}
