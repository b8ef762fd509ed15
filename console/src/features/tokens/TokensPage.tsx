import { Button, Callout, Card, InputGroup, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../common/copy-feedback';
import { showError } from '../../common/notify';
import { Pager } from '../../common/Pager';
import { usePageSize } from '../../common/page-size';
import { fullKey } from '../chat/chat-links';
import { hasNextPage } from '../../common/paging';
import { TokenDrawer } from './TokenDrawer';
import { TokensTable } from './TokensTable';
import { type Token, useListTokensQuery, useSearchTokensQuery } from './tokens-api';
import './tokens.css';

interface Filters {
  keyword: string;
  token: string;
}

const NO_FILTERS: Filters = { keyword: '', token: '' };

/** The editor's state: closed, creating, or editing one token. */
type Editing = null | { id?: number };

/** `/token` (spec §2 "Token management"): the user's tokens, search, batch copy and the editor. */
export function TokensPage() {
  const { t } = useTranslation('token');
  const [pageSize, setPageSize] = usePageSize();
  const [page, setPage] = useState(0);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [selected, setSelected] = useState<Map<number, Token>>(new Map());
  const [editing, setEditing] = useState<Editing>(null);

  const searching = Boolean(filters.keyword || filters.token);
  const listed = useListTokensQuery({ page, size: pageSize }, { skip: searching });
  const found = useSearchTokensQuery({ ...filters, page, size: pageSize }, { skip: !searching });
  const result = searching ? found : listed;
  const tokens = result.data ?? [];
  const pageEmptied = page > 0 && result.data !== undefined && result.data.length === 0 && !result.isFetching;

  // After deleting the last token of the last page, show the page before it.
  useEffect(() => {
    if (pageEmptied) setPage((current) => Math.max(0, current - 1));
  }, [pageEmptied]);

  const goTo = (next: number) => {
    setPage(next);
    setSelected(new Map());
  };
  const applySearch = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ keyword: draft.keyword.trim(), token: draft.token.trim() });
    goTo(0);
  };
  const resetSearch = () => {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
    goTo(0);
  };
  const toggleRow = (token: Token, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(token.id, token);
      else next.delete(token.id);
      return next;
    });
  const toggleAll = (on: boolean) => setSelected(on ? new Map(tokens.map((token) => [token.id, token])) : new Map());
  const copySelected = () => {
    if (selected.size === 0) {
      showError(t('messages.noneSelected'));
      return;
    }
    const keys = [...selected.values()].map((token) => fullKey(token.key)).join('\n');
    void copyWithFeedback(keys, t('messages.copiedSelected', { count: selected.size }));
  };

  return (
    <div className="mg-tokens-page">
      <div className="mg-page-header">
        <h2>{t('title')}</h2>
        <div className="mg-toolbar">
          <Button intent={Intent.PRIMARY} icon="add" text={t('actions.create')} onClick={() => setEditing({})} />
          <Button icon="duplicate" text={t('actions.copySelected')} onClick={copySelected} />
        </div>
      </div>
      <Callout intent={Intent.WARNING} icon="warning-sign" className="mg-token-notice">
        {t('notice')}
      </Callout>
      <Card className="mg-token-card">
        <form className="mg-toolbar mg-token-search" onSubmit={applySearch}>
          <InputGroup
            leftIcon="search"
            aria-label={t('search.keyword')}
            placeholder={t('search.keyword')}
            value={draft.keyword}
            onValueChange={(keyword) => setDraft((current) => ({ ...current, keyword }))}
          />
          <InputGroup
            leftIcon="key"
            aria-label={t('search.key')}
            placeholder={t('search.key')}
            value={draft.token}
            onValueChange={(token) => setDraft((current) => ({ ...current, token }))}
          />
          <Button type="submit" icon="search" text={t('search.submit')} />
          {searching && <Button variant="minimal" text={t('search.reset')} onClick={resetSearch} />}
        </form>
        {result.isLoading ? (
          <Spinner />
        ) : tokens.length === 0 ? (
          <NonIdealState
            icon="key"
            title={searching ? t('empty.noMatch') : t('empty.title')}
            description={searching ? undefined : t('empty.description')}
          />
        ) : (
          <TokensTable
            tokens={tokens}
            selectedIds={new Set(selected.keys())}
            onToggleRow={toggleRow}
            onToggleAll={toggleAll}
            onEdit={(id) => setEditing({ id })}
          />
        )}
        <Pager
          page={page}
          pageSize={pageSize}
          hasMore={hasNextPage(tokens.length, pageSize)}
          onPageChange={goTo}
          onPageSizeChange={(size) => {
            setPageSize(size);
            goTo(0);
          }}
        />
      </Card>
      {editing && <TokenDrawer tokenId={editing.id} onClose={() => setEditing(null)} />}
    </div>
  );
}
