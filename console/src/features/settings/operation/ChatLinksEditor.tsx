import { Callout } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_LINKS } from './operation-json';
import { jsonTableOption, type JsonTableField, OperationJsonSection } from './OperationJsonSection';

/**
 * `Chats`: the chat clients a token can be opened in, an ordered list of name → link template.
 * Edited as rows (add, remove, rename) that write the JSON array, or as the JSON itself.
 */
export function ChatLinksEditor() {
  const { t } = useTranslation('setting');
  const tables = useMemo<JsonTableField[]>(
    () => [
      {
        key: 'Chats',
        label: t('operation.chats.label'),
        helperText: t('operation.chats.helper'),
        shape: CHAT_LINKS,
        nameHeader: t('operation.chats.name'),
        valueHeader: t('operation.chats.link'),
        valuePlaceholder: 'https://example.com/?key={key}&url={address}',
      },
    ],
    [t],
  );
  const fields = useMemo(() => tables.map(jsonTableOption), [tables]);
  return (
    <OperationJsonSection title={t('operation.chats.title')} fields={fields} tables={tables}>
      <Callout icon="info-sign" compact className="mg-rows-table-callout">
        {t('operation.chats.placeholders')}
      </Callout>
    </OperationJsonSection>
  );
}
