// Placeholder until the screen lands.
export function PricingPage() {
  return null;
}
