// Placeholder until the screen lands.
export function LoginPage() {
  return null;
}
