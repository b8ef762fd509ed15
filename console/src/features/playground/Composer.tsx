import { Button, TextArea } from '@blueprintjs/core';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ComposerProps {
  streaming: boolean;
  /** Why sending is not possible right now (e.g. no model), or null. */
  blockedReason: string | null;
  onSend(text: string): boolean;
  onStop(): void;
  onClear(): void;
}

/** The input row: Enter sends, Shift+Enter adds a line; Stop while a reply streams; clear context. */
export function Composer({ streaming, blockedReason, onSend, onStop, onClear }: ComposerProps) {
  const { t } = useTranslation('playground');
  const [text, setText] = useState('');
  const canSend = !streaming && blockedReason === null && text.trim() !== '';

  const submit = () => {
    if (canSend && onSend(text)) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className="mg-pg-composer">
      <TextArea
        className="mg-pg-input"
        fill
        autoResize
        rows={2}
        value={text}
        placeholder={blockedReason ?? t('composer.placeholder')}
        aria-label={t('composer.label')}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="mg-pg-composer-actions">
        <Button icon="eraser" variant="outlined" onClick={onClear} text={t('composer.clear')} />
        {streaming ? (
          <Button icon="stop" intent="warning" onClick={onStop} text={t('composer.stop')} />
        ) : (
          <Button icon="send-message" intent="primary" disabled={!canSend} onClick={submit} text={t('composer.send')} />
        )}
      </div>
    </div>
  );
}
