import { Button, Card, HTMLSelect, InputGroup, Intent, NonIdealState, Spinner, Switch } from '@blueprintjs/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RequireRole } from '../../shell/RequireRole';
import { readStored, StorageKey, writeStored } from '../../common/local-storage';
import { Pager } from '../../common/Pager';
import { usePageSize } from '../../common/page-size';
import { ChannelBulkActions } from './ChannelBulkActions';
import { ChannelColumnSettings } from './ChannelColumnSettings';
import { ChannelEditorDrawer } from './ChannelEditorDrawer';
import { type ChannelColumnChoice, readChannelColumns, visibleChannelColumns, writeChannelColumns } from './channel-columns';
import { hasNextPage } from './channel-list-model';
import { ChannelsTable } from './ChannelsTable';
import { useGetChannelGroupNamesQuery } from './channel-editor-api';
import { useListChannelsQuery } from './channels-api';
import { TagEditorDialog } from './TagEditorDialog';
import './channels.css';

interface Filters {
  keyword: string;
  group: string;
  model: string;
}

const NO_FILTERS: Filters = { keyword: '', group: '', model: '' };

/** `/channel` (spec §2 "Channel management"), for administrators only. */
export function ChannelsPage() {
  return (
    <RequireRole level="admin">
      <ChannelsScreen />
    </RequireRole>
  );
}

function ChannelsScreen() {
  const { t } = useTranslation('channel');
  const navigate = useNavigate();
  const [pageSize, setPageSize] = usePageSize();
  const [page, setPage] = useState(0);
  const [idSort, setIdSort] = useState(() => readStored(StorageKey.idSort) === 'true');
  const [tagMode, setTagMode] = useState(false);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [columnChoice, setColumnChoice] = useState<ChannelColumnChoice>(readChannelColumns);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editingTag, setEditingTag] = useState<string | null>(null);
  /** The channel open in the editor drawer. */
  const [editingId, setEditingId] = useState<number | null>(null);

  const listed = useListChannelsQuery({ page, size: pageSize, idSort, tagMode, ...filters });
  const groups = useGetChannelGroupNamesQuery();
  const entries = listed.data ?? [];
  const pageEmptied = page > 0 && listed.data !== undefined && listed.data.length === 0 && !listed.isFetching;

  // After deleting the last channels of the last page, show the page before it.
  useEffect(() => {
    if (pageEmptied) setPage((current) => Math.max(0, current - 1));
  }, [pageEmptied]);

  const goTo = (next: number) => {
    setPage(next);
    setSelected(new Set());
  };
  const search = (next: Filters) => {
    setFilters({ keyword: next.keyword.trim(), group: next.group, model: next.model.trim() });
    goTo(0);
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    search(draft);
  };
  const chooseIdSort = (on: boolean) => {
    writeStored(StorageKey.idSort, String(on));
    setIdSort(on);
    goTo(0);
  };
  const chooseColumns = (choice: ChannelColumnChoice) => {
    writeChannelColumns(choice);
    setColumnChoice(choice);
  };
  const select = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  return (
    <div className="mg-channels-page">
      <div className="mg-page-header">
        <h2>{t('list.title')}</h2>
        <div className="mg-toolbar">
          <Button intent={Intent.PRIMARY} icon="add" text={t('list.add')} onClick={() => void navigate('/channel/add')} />
          <Button icon="refresh" text={t('list.refresh')} loading={listed.isFetching} onClick={() => void listed.refetch()} />
        </div>
      </div>
      <Card className="mg-channels-card">
        <form className="mg-toolbar mg-channel-search" onSubmit={submitSearch}>
          <InputGroup
            leftIcon="search"
            aria-label={t('list.search.keyword')}
            placeholder={t('list.search.keyword')}
            value={draft.keyword}
            onValueChange={(keyword) => setDraft((current) => ({ ...current, keyword }))}
          />
          <InputGroup
            leftIcon="cube"
            aria-label={t('list.search.model')}
            placeholder={t('list.search.model')}
            value={draft.model}
            onValueChange={(model) => setDraft((current) => ({ ...current, model }))}
          />
          <HTMLSelect
            aria-label={t('list.search.group')}
            value={draft.group}
            onChange={(event) => {
              const next = { ...draft, group: event.currentTarget.value };
              setDraft(next);
              search(next);
            }}
            options={[
              { value: '', label: t('list.search.anyGroup') },
              ...(groups.data ?? []).map((group) => ({ value: group, label: group })),
            ]}
          />
          <Button type="submit" icon="search" text={t('list.search.submit')} />
        </form>
        <div className="mg-toolbar mg-channel-toolbar">
          <Switch label={t('list.idSort')} checked={idSort} onChange={(event) => chooseIdSort(event.currentTarget.checked)} />
          <Switch
            label={t('list.tagMode')}
            checked={tagMode}
            onChange={(event) => {
              setTagMode(event.currentTarget.checked);
              goTo(0);
            }}
          />
          <ChannelBulkActions selectedIds={[...selected]} onSelectionDone={() => setSelected(new Set())} />
          <ChannelColumnSettings choice={columnChoice} onChange={chooseColumns} />
        </div>
        {listed.isLoading ? (
          <Spinner />
        ) : entries.length === 0 ? (
          <NonIdealState icon="flows" title={t('list.empty')} />
        ) : (
          <ChannelsTable
            entries={entries}
            columns={visibleChannelColumns(columnChoice)}
            selectedIds={selected}
            onSelect={select}
            onEdit={setEditingId}
            onEditTag={setEditingTag}
          />
        )}
        <Pager
          page={page}
          pageSize={pageSize}
          hasMore={hasNextPage(entries.length, pageSize)}
          onPageChange={goTo}
          onPageSizeChange={(size) => {
            setPageSize(size);
            goTo(0);
          }}
        />
      </Card>
      <TagEditorDialog tag={editingTag} onClose={() => setEditingTag(null)} />
      <ChannelEditorDrawer
        channelId={editingId}
        isOpen={editingId !== null}
        onClose={() => setEditingId(null)}
        onSaved={() => setEditingId(null)}
      />
    </div>
  );
}
