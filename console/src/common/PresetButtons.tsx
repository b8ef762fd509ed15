import { Button } from '@blueprintjs/core';

export interface PresetButtonsProps<T extends string | number> {
  presets: readonly T[];
  /** The preset's button text. */
  label(preset: T): string;
  /** Whether the field holds this preset now (its button shows pressed). */
  active(preset: T): boolean;
  onPick(preset: T): void;
  disabled?: boolean;
  className?: string;
}

/** A row of small buttons under a field, each filling in one preset value. */
export function PresetButtons<T extends string | number>({ presets, label, active, onPick, disabled, className }: PresetButtonsProps<T>) {
  return (
    <div className={className}>
      {presets.map((preset) => (
        <Button
          key={preset}
          size="small"
          variant="outlined"
          disabled={disabled}
          active={active(preset)}
          text={label(preset)}
          onClick={() => onPick(preset)}
        />
      ))}
    </div>
  );
}
