import i18n from '../i18n';
import { copyText } from './copy';
import { showSuccess } from './notify';

type ManualCopyListener = (text: string | null) => void;
const listeners = new Set<ManualCopyListener>();

/** The shell's manual-copy dialog listens here; `null` closes it. */
export function onManualCopy(listener: ManualCopyListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function closeManualCopy(): void {
  for (const listener of listeners) listener(null);
}

/**
 * Copies `text` and tells the user: a toast on success ("Copied: …" unless a message is given),
 * otherwise a dialog holding the text so it can be copied by hand. Answers whether it was copied.
 */
export async function copyWithFeedback(text: string, successMessage?: string): Promise<boolean> {
  const copied = await copyText(text);
  if (copied) showSuccess(successMessage ?? i18n.t('common:copy.copiedValue', { value: text }));
  else for (const listener of listeners) listener(text);
  return copied;
}
