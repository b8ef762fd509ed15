/** What a field in error looks like once rendered: Blueprint's danger intent or `aria-invalid`. */
const INVALID_GROUP = '.bp6-form-group.bp6-intent-danger, [aria-invalid="true"]';
const FOCUSABLE = 'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled), button:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** The first field in error inside `root` (in document order), or null when there is none. */
export function firstInvalidField(root: ParentNode): HTMLElement | null {
  const marked = root.querySelector<HTMLElement>(INVALID_GROUP);
  if (!marked) return null;
  if (marked.matches(FOCUSABLE)) return marked;
  return marked.querySelector<HTMLElement>(FOCUSABLE) ?? marked;
}

/**
 * Brings the first field in error into view and puts the cursor in it, once the errors have
 * rendered (the next frame). A form rejected from its bottom (by its own check or by the server)
 * then shows the admin what to fix instead of a message about a field out of sight. Answers
 * nothing; does nothing when no field is marked.
 */
export function focusFirstInvalid(root: ParentNode | null | undefined = document): void {
  const run = () => {
    const field = firstInvalidField(root ?? document);
    if (!field) return;
    field.scrollIntoView?.({ block: 'center', behavior: 'auto' });
    field.focus({ preventScroll: true });
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  else setTimeout(run, 0);
}

/**
 * The form field a server message names, for messages that name the raw field (`max_input_tokens
 * must be ...`): the first of `names` that appears in `message` as a whole word, or undefined.
 */
export function fieldNamedIn<Name extends string>(message: string, names: readonly Name[]): Name | undefined {
  let found: { name: Name; at: number } | undefined;
  for (const name of names) {
    const match = new RegExp(`(^|[^A-Za-z0-9_])${name}($|[^A-Za-z0-9_])`).exec(message);
    if (match && (!found || match.index < found.at)) found = { name, at: match.index };
  }
  return found?.name;
}
