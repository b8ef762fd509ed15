import { tooltipRows } from './dashboard-data';

/** What recharts hands a custom tooltip: the hovered bucket's label and one entry per series. */
export interface ChartTooltipProps {
  active?: boolean;
  label?: string | number;
  payload?: ReadonlyArray<{ name?: string | number; value?: unknown; color?: string; payload?: { fill?: string } }>;
}

/**
 * A chart tooltip listing the hovered bucket's series by value, largest first, with their total
 * (series at zero are left out); values in the chart's own format.
 */
export function ChartTooltip({
  active,
  label,
  payload,
  format,
  totalLabel,
}: ChartTooltipProps & { format(value: number): string; totalLabel: string }) {
  if (!active || !payload || payload.length === 0) return null;
  const colours = new Map(payload.map((entry) => [String(entry.name ?? ''), entry.color ?? entry.payload?.fill ?? 'currentColor']));
  const { rows, total } = tooltipRows(payload.map((entry) => ({ name: String(entry.name ?? ''), value: Number(entry.value) || 0 })));
  return (
    <div className="mg-chart-tooltip" role="tooltip">
      {label !== undefined && label !== '' && <div className="mg-chart-tooltip-label">{label}</div>}
      <table>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <td>
                <span className="mg-chart-swatch" style={{ background: colours.get(row.name) }} />
                {row.name}
              </td>
              <td className="mg-chart-tooltip-value">{format(row.value)}</td>
            </tr>
          ))}
          {rows.length > 1 && (
            <tr className="mg-chart-tooltip-total">
              <td>{totalLabel}</td>
              <td className="mg-chart-tooltip-value">{format(total)}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
