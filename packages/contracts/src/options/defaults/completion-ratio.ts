/**
 * Default `CompletionRatio` option: output-token price as a multiple of the input price, for the
 * models that no built-in rule prices. Most completion ratios are built-in rules applied by the
 * pricing code (gpt-4o* 4, claude-3* 5, ...), which this option cannot override; it starts with
 * the reference's 3 entries.
 */
export const DEFAULT_COMPLETION_RATIO: Readonly<Record<string, number>> = {
  'gpt-4-gizmo-*': 2,
  'gpt-4o-gizmo-*': 3,
  'gpt-4-all': 2,
};
