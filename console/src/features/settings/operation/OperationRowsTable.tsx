import { Button, Callout, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { duplicateNames, type JsonRowsShape, type NameValueRow } from './operation-json';

export interface OperationRowsTableProps {
  /** Names the table in labels (e.g. "Group ratios"). */
  label: string;
  nameHeader: string;
  valueHeader: string;
  valuePlaceholder?: string;
  shape: JsonRowsShape;
  /** The option's JSON text, as edited. */
  json: string;
  onJsonChange(json: string): void;
}

/**
 * Rows kept in step with a JSON option: a row edit rewrites the JSON; a JSON edit (typed, or the
 * stored value arriving) rebuilds the rows. Rows the user is typing stay as typed (so "1." is not
 * turned into "1" halfway), because only JSON this table did not write rebuilds them.
 */
function useJsonRows(json: string, shape: JsonRowsShape, onJsonChange: (json: string) => void) {
  const [rows, setRows] = useState<NameValueRow[] | null>(() => shape.toRows(json));
  const written = useRef<string | null>(null);
  useEffect(() => {
    if (json !== written.current) setRows(shape.toRows(json));
  }, [json, shape]);
  const change = (next: NameValueRow[]) => {
    setRows(next);
    const text = shape.toJson(next);
    written.current = text;
    onJsonChange(text);
  };
  return { rows, change };
}

/** A small table editor for a name → value JSON option, with add and remove. */
export function OperationRowsTable({ label, nameHeader, valueHeader, valuePlaceholder, shape, json, onJsonChange }: OperationRowsTableProps) {
  const { t } = useTranslation('setting');
  const { rows, change } = useJsonRows(json, shape, onJsonChange);
  if (rows === null) {
    return (
      <Callout intent={Intent.WARNING} icon="code" className="mg-rows-table-callout">
        {t('operation.table.fixJsonFirst')}
      </Callout>
    );
  }
  const duplicates = duplicateNames(rows);
  const edit = (index: number, patch: Partial<NameValueRow>) =>
    change(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <div className="mg-rows-table">
      <div className="mg-table-scroll">
        <HTMLTable compact striped className="mg-rows-table-grid" aria-label={label}>
          <thead>
            <tr>
              <th>{nameHeader}</th>
              <th>{valueHeader}</th>
              <th aria-label={t('operation.table.actions')} />
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const duplicate = duplicates.has(row.name);
              return (
                <tr key={index}>
                  <td>
                    <InputGroup
                      aria-label={`${nameHeader} ${index + 1}`}
                      value={row.name}
                      intent={duplicate || row.name.trim() === '' ? Intent.DANGER : Intent.NONE}
                      title={duplicate ? t('operation.table.duplicate') : undefined}
                      onValueChange={(name) => edit(index, { name })}
                    />
                  </td>
                  <td className="mg-rows-table-value">
                    <InputGroup
                      aria-label={`${valueHeader} ${index + 1}`}
                      value={row.value}
                      placeholder={valuePlaceholder}
                      onValueChange={(value) => edit(index, { value })}
                    />
                  </td>
                  <td>
                    <Button
                      icon="trash"
                      variant="minimal"
                      intent={Intent.DANGER}
                      aria-label={t('operation.table.remove', { row: index + 1 })}
                      onClick={() => change(rows.filter((_, at) => at !== index))}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </div>
      {duplicates.size > 0 && (
        <Callout intent={Intent.DANGER} compact className="mg-rows-table-callout">
          {t('operation.table.duplicate')}
        </Callout>
      )}
      <Button icon="add" variant="outlined" className="mg-rows-table-add" onClick={() => change([...rows, { name: '', value: '' }])}>
        {t('operation.table.add')}
      </Button>
    </div>
  );
}
