import { Button, ButtonGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from './page-size';

export interface PagerProps {
  /** Current page, 0-based. */
  page: number;
  pageSize: number;
  /** Total rows when the server tells it; when unknown, `hasMore` says whether a next page exists. */
  total?: number;
  hasMore?: boolean;
  onPageChange(page: number): void;
  onPageSizeChange?(size: number): void;
}

/**
 * The paging bar under every table: previous/next, the page numbers near the current one, the
 * "start–end of total" summary and the page-size choice (10, 20, 50, 100). Nothing when the
 * server says there are no rows at all.
 */
export function Pager({ page, pageSize, total, hasMore, onPageChange, onPageSizeChange }: PagerProps) {
  const { t } = useTranslation('common');
  // An empty table says so itself; a pager reading "0 - 0 of 0" adds nothing.
  if (total === 0) return null;
  const pageCount = total === undefined ? page + (hasMore ? 2 : 1) : Math.max(1, Math.ceil(total / pageSize));
  const first = Math.max(0, Math.min(page - 2, pageCount - 5));
  const numbers = Array.from({ length: Math.min(5, pageCount) }, (_, index) => first + index);
  const start = page * pageSize + 1;
  const end = total === undefined ? page * pageSize + pageSize : Math.min(total, (page + 1) * pageSize);
  return (
    <div className="mg-pager">
      {total !== undefined && (
        <span className="mg-pager-summary">{t('pager.summary', { start, end, total })}</span>
      )}
      <ButtonGroup>
        <Button
          icon="chevron-left"
          aria-label={t('pager.previous')}
          disabled={page <= 0}
          onClick={() => onPageChange(page - 1)}
        />
        {numbers.map((number) => (
          <Button key={number} active={number === page} onClick={() => onPageChange(number)}>
            {number + 1}
          </Button>
        ))}
        <Button
          icon="chevron-right"
          aria-label={t('pager.next')}
          disabled={page >= pageCount - 1}
          onClick={() => onPageChange(page + 1)}
        />
      </ButtonGroup>
      {onPageSizeChange && (
        <HTMLSelect
          aria-label={t('pager.pageSize')}
          value={pageSize}
          onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
          options={PAGE_SIZES.map((size) => ({ value: size, label: t('pager.perPage', { size }) }))}
        />
      )}
    </div>
  );
}
