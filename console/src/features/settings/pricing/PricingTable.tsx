import { Button, Checkbox, HTMLTable, InputGroup, SegmentedControl } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { showError } from '../../../common/notify';
import { acceptsNumberInput, type PriceMode, type PriceRow, type RowPatch } from './pricing-rows';

export interface PricingTableProps {
  /** The rows of the current page. */
  rows: readonly PriceRow[];
  selected: ReadonlySet<string>;
  onSelect(names: readonly string[], on: boolean): void;
  onChange(name: string, patch: RowPatch): void;
  onDelete(name: string): void;
}

type NumberField = 'price' | 'ratio' | 'completionRatio';

/**
 * The visual editor's table: one row per model with its pricing mode and inline number inputs.
 * The inputs of the mode not chosen are disabled (and empty); text that is not a number is refused.
 */
export function PricingTable({ rows, selected, onSelect, onChange, onDelete }: PricingTableProps) {
  const { t } = useTranslation('setting');
  const names = rows.map((row) => row.name);
  const pageSelected = names.filter((name) => selected.has(name)).length;

  const numberInput = (row: PriceRow, field: NumberField, label: string, disabled: boolean, placeholder?: string) => (
    <InputGroup
      size="small"
      aria-label={label}
      inputMode="decimal"
      className="mg-pricing-number"
      disabled={disabled}
      placeholder={placeholder}
      value={row[field]}
      onValueChange={(text) => {
        if (acceptsNumberInput(text)) onChange(row.name, { [field]: text });
        else showError(t('pricing.errors.enterNumber'));
      }}
    />
  );

  return (
    <div className="mg-table-scroll">
      <HTMLTable striped interactive compact className="mg-pricing-table">
        <thead>
          <tr>
            <th>
              <Checkbox
                aria-label={t('pricing.visual.selectPage')}
                checked={names.length > 0 && pageSelected === names.length}
                indeterminate={pageSelected > 0 && pageSelected < names.length}
                disabled={names.length === 0}
                onChange={(event) => onSelect(names, event.currentTarget.checked)}
              />
            </th>
            <th>{t('pricing.visual.columns.name')}</th>
            <th>{t('pricing.visual.columns.mode')}</th>
            <th>{t('pricing.visual.columns.price')}</th>
            <th>{t('pricing.visual.columns.ratio')}</th>
            <th>{t('pricing.visual.columns.completionRatio')}</th>
            <th>{t('pricing.visual.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const name = row.name;
            return (
              <tr key={name}>
                <td>
                  <Checkbox
                    aria-label={t('pricing.visual.selectRow', { name })}
                    checked={selected.has(name)}
                    onChange={(event) => onSelect([name], event.currentTarget.checked)}
                  />
                </td>
                <td className="mg-pricing-name">{name}</td>
                <td>
                  <SegmentedControl
                    size="small"
                    aria-label={t('pricing.visual.modeOf', { name })}
                    value={row.mode}
                    options={[
                      { value: 'ratio', label: t('pricing.modes.ratio') },
                      { value: 'price', label: t('pricing.modes.price') },
                    ]}
                    onValueChange={(mode) => onChange(name, { mode: mode as PriceMode })}
                  />
                </td>
                <td>{numberInput(row, 'price', t('pricing.visual.priceOf', { name }), row.mode !== 'price', t('pricing.visual.pricePlaceholder'))}</td>
                <td>{numberInput(row, 'ratio', t('pricing.visual.ratioOf', { name }), row.mode === 'price')}</td>
                <td>{numberInput(row, 'completionRatio', t('pricing.visual.completionOf', { name }), row.mode === 'price')}</td>
                <td>
                  <Button
                    size="small"
                    variant="minimal"
                    intent="danger"
                    icon="trash"
                    aria-label={t('pricing.visual.deleteRow', { name })}
                    onClick={() => onDelete(name)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}
