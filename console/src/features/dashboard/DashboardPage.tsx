// Placeholder until the screen lands.
export function DashboardPage() {
  return null;
}
