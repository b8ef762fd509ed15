import { z } from 'zod';
import { defineConfig } from '../config/load-config';
import { listEntries, parseAddressRange } from '../net/address-ranges';

/** Range names `proxy-addr` (and Express's `trust proxy`) understand, besides addresses and CIDRs. */
const NAMED_RANGES: ReadonlySet<string> = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** The believed proxies when TRUSTED_PROXIES is not set: a reverse proxy on the same host only. */
export const DEFAULT_TRUSTED_PROXIES: readonly string[] = Object.freeze(['loopback']);

/**
 * The entries of a TRUSTED_PROXIES value, or the entries that are neither an address, a CIDR
 * range nor one of the names `loopback`, `linklocal`, `uniquelocal`.
 */
export function parseTrustedProxies(text: string): { proxies: string[]; invalid: string[] } {
  const proxies: string[] = [];
  const invalid: string[] = [];
  for (const entry of listEntries(text)) {
    if (NAMED_RANGES.has(entry) || parseAddressRange(entry)) proxies.push(entry);
    else invalid.push(entry);
  }
  return { proxies, invalid };
}

/**
 * The proxies whose `X-Forwarded-For` the HTTP services (edge and relay) believe, one setting for
 * both: TRUSTED_PROXIES, a comma-separated list of addresses, CIDR ranges and the names
 * `loopback`, `linklocal`, `uniquelocal`. Default `loopback`: only a reverse proxy on the same
 * host. In a cluster it is the ingress controller's (or load balancer's) address range — the Helm
 * chart sets it — and nothing wider: any client inside a believed range can name its own address
 * (for the rate limits, the loopback exemption and a token's IP allow list). The client's address
 * is the nearest address in the header that is not a believed proxy.
 */
export const trustedProxyConfig = defineConfig({
  trustedProxies: {
    env: 'TRUSTED_PROXIES',
    schema: z
      .string()
      .default(DEFAULT_TRUSTED_PROXIES.join(','))
      .transform((text, context) => {
        const { proxies, invalid } = parseTrustedProxies(text);
        if (invalid.length > 0) {
          context.addIssue({
            code: 'custom',
            message: `not an address, CIDR range, loopback, linklocal or uniquelocal: ${invalid.join(', ')}`,
          });
          return z.NEVER;
        }
        return Object.freeze(proxies) as readonly string[];
      }),
    description: 'proxies whose X-Forwarded-For is believed: addresses, CIDRs, loopback, linklocal, uniquelocal (comma-separated)',
  },
});
