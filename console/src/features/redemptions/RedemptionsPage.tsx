import { Button, Card, InputGroup, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../common/Pager';
import { usePageSize } from '../../common/page-size';
import { RequireRole } from '../../shell/RequireRole';
import { CreatedKeysDialog } from './CreatedKeysDialog';
import { RedemptionDrawer } from './RedemptionDrawer';
import { RedemptionsTable } from './RedemptionsTable';
import { useListRedemptionsQuery } from './redemptions-api';
import './redemptions.css';

/** The editor's state: closed, creating, or editing one code. */
type Editing = null | { id?: number };

/** `/redemption` (spec §2 "Redemption management"), for the super admin. */
export function RedemptionsPage() {
  return (
    <RequireRole level="root">
      <RedemptionManagement />
    </RequireRole>
  );
}

function RedemptionManagement() {
  const { t } = useTranslation('redemption');
  const [pageSize, setPageSize] = usePageSize();
  const [page, setPage] = useState(0);
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [createdKeys, setCreatedKeys] = useState<string[] | null>(null);
  const result = useListRedemptionsQuery({ keyword, page: page + 1, size: pageSize });
  const codes = result.data?.items ?? [];
  const pageEmptied = page > 0 && result.data !== undefined && codes.length === 0 && result.data.total > 0;

  // After deleting the last code of the last page, show the page before it.
  useEffect(() => {
    if (pageEmptied) setPage((current) => Math.max(0, current - 1));
  }, [pageEmptied]);

  // Searching again with the same words reloads the list: codes are redeemed elsewhere.
  const search = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() === keyword && page === 0) void result.refetch();
    setKeyword(draft.trim());
    setPage(0);
  };

  return (
    <div className="mg-redemptions-page">
      <div className="mg-page-header">
        <h2>{t('title')}</h2>
        <div className="mg-toolbar">
          <Button intent={Intent.PRIMARY} icon="add" text={t('actions.create')} onClick={() => setEditing({})} />
        </div>
      </div>
      <Card>
        <form className="mg-toolbar mg-redemption-search" onSubmit={search}>
          <InputGroup
            leftIcon="search"
            aria-label={t('search.keyword')}
            placeholder={t('search.placeholder')}
            value={draft}
            onValueChange={setDraft}
          />
          <Button type="submit" icon="search" text={t('search.submit')} />
          {keyword && (
            <Button
              variant="minimal"
              text={t('search.reset')}
              onClick={() => {
                setDraft('');
                setKeyword('');
                setPage(0);
              }}
            />
          )}
        </form>
        {result.isLoading ? (
          <Spinner />
        ) : codes.length === 0 ? (
          <NonIdealState icon="barcode" title={keyword ? t('empty.noMatch') : t('empty.title')} />
        ) : (
          <RedemptionsTable codes={codes} onEdit={(id) => setEditing({ id })} />
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
      {editing && <RedemptionDrawer codeId={editing.id} onClose={() => setEditing(null)} onCreated={setCreatedKeys} />}
      {createdKeys && <CreatedKeysDialog keys={createdKeys} onClose={() => setCreatedKeys(null)} />}
    </div>
  );
}
