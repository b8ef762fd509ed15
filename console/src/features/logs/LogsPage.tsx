// Placeholder until the screen lands.
export function LogsPage() {
  return null;
}
