import { Button, Card, HTMLSelect, InputGroup, Intent, NonIdealState, Spinner, Tooltip } from '@blueprintjs/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/hooks';
import { Pager } from '../../common/Pager';
import { usePageSize } from '../../common/page-size';
import { AddUserDrawer } from './AddUserDrawer';
import { RequireRole } from '../../shell/RequireRole';
import { UserEditDrawer } from './UserEditDrawer';
import { UsersTable } from './UsersTable';
import { useListUserGroupsQuery, useListUsersQuery } from './users-api';
import './users.css';

interface Filters {
  keyword: string;
  group: string;
}

const NO_FILTERS: Filters = { keyword: '', group: '' };

/** `/user` (spec §2 "User management"), for admins. */
export function UsersPage() {
  return (
    <RequireRole level="admin">
      <UserManagement />
    </RequireRole>
  );
}

function UserManagement() {
  const { t } = useTranslation('user');
  const actorRole = useCurrentUser()?.role ?? 0;
  const [pageSize, setPageSize] = usePageSize();
  const [page, setPage] = useState(0);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const { data: groups = [] } = useListUserGroupsQuery();
  const result = useListUsersQuery({ ...filters, page: page + 1, size: pageSize });
  const users = result.data?.items ?? [];
  const searching = Boolean(filters.keyword || filters.group);
  const pageEmptied = page > 0 && result.data !== undefined && users.length === 0 && result.data.total > 0;

  useEffect(() => {
    if (pageEmptied) setPage((current) => Math.max(0, current - 1));
  }, [pageEmptied]);

  const search = (next: Filters) => {
    setFilters({ keyword: next.keyword.trim(), group: next.group });
    setPage(0);
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    search(draft);
  };
  const pickGroup = (group: string) => {
    const next = { ...draft, group };
    setDraft(next);
    search(next);
  };

  return (
    <div className="mg-users-page">
      <div className="mg-page-header">
        <h2>{t('title')}</h2>
        <div className="mg-toolbar">
          <Button intent={Intent.PRIMARY} icon="new-person" text={t('actions.add')} onClick={() => setAdding(true)} />
        </div>
      </div>
      <Card>
        <form className="mg-toolbar mg-user-search" onSubmit={submitSearch}>
          <Tooltip content={t('search.keywordHint')}>
            <InputGroup
              leftIcon="search"
              aria-label={t('search.keyword')}
              placeholder={t('search.keyword')}
              value={draft.keyword}
              onValueChange={(keyword) => setDraft((current) => ({ ...current, keyword }))}
            />
          </Tooltip>
          <HTMLSelect
            aria-label={t('search.group')}
            value={draft.group}
            onChange={(event) => pickGroup(event.currentTarget.value)}
            options={[{ value: '', label: t('search.allGroups') }, ...groups.map((group) => ({ value: group, label: group }))]}
          />
          <Button type="submit" icon="search" text={t('search.submit')} />
          {searching && (
            <Button
              variant="minimal"
              text={t('search.reset')}
              onClick={() => {
                setDraft(NO_FILTERS);
                search(NO_FILTERS);
              }}
            />
          )}
        </form>
        {result.isLoading ? (
          <Spinner />
        ) : users.length === 0 ? (
          <NonIdealState icon="people" title={searching ? t('empty.noMatch') : t('empty.title')} />
        ) : (
          <UsersTable users={users} actorRole={actorRole} onEdit={setEditingId} />
        )}
        <Pager
          page={page}
          pageSize={pageSize}
          total={result.data?.total ?? 0}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(0);
          }}
        />
      </Card>
      {adding && <AddUserDrawer onClose={() => setAdding(false)} />}
      {editingId !== null && <UserEditDrawer userId={editingId} onClose={() => setEditingId(null)} />}
    </div>
  );
}
