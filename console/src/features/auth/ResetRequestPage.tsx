// Placeholder until the screen lands.
export function ResetRequestPage() {
  return null;
}
