// Placeholder until the screen lands.
export function ResetConfirmPage() {
  return null;
}
