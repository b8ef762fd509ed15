/**
 * What the slow-stream scale scenario runs: how many streams, over which protocol the relay
 * calls the fake upstream, and how many the process's open-file limit lets it open.
 */

/** How the relay reaches the fake upstream: HTTP/1.1 (plain, a connection per stream) or HTTP/2 (TLS, multiplexed). */
export type UpstreamProtocol = 'http1' | 'http2';

/** One slow-stream run: `count` streams open at once, the relay's upstream calls over `upstream`. */
export interface StreamRun {
  count: number;
  upstream: UpstreamProtocol;
}

/** 1,000 streams over HTTP/1.1 (comparable with earlier runs) and 10,000 over HTTP/2 (which fits the open-file limit). */
export const DEFAULT_STREAM_RUNS = '1000,10000:h2';

/** Open files each process keeps for everything but the streams (listeners, pools, the bus, libraries). */
export const FILE_RESERVE = 1_000;

/** Streams the relay multiplexes on one HTTP/2 connection (H2_STREAMS_PER_CONNECTION of the relay). */
export const STREAMS_PER_H2_CONNECTION = 100;

/**
 * Reads `N` or `N:h1` (HTTP/1.1 upstream) and `N:h2` (HTTP/2 upstream), comma-separated; `0`
 * alone is no run. Counts from 1 to 100,000. Throws naming `flag` on anything else.
 */
export function parseStreamRuns(raw: string, flag = '--scale-streams'): StreamRun[] {
  if (raw.trim() === '0') return [];
  return raw.split(',').map((part) => {
    const match = /^(\d{1,6})(?::(h1|h2))?$/.exec(part.trim());
    const count = Number(match?.[1]);
    if (!match || count < 1 || count > 100_000) {
      throw new Error(`${flag} takes counts from 1 to 100000, each optionally :h1 or :h2 (e.g. ${DEFAULT_STREAM_RUNS}), or 0; got '${raw}'`);
    }
    return { count, upstream: match[2] === 'h2' ? 'http2' : 'http1' };
  });
}

/** Open files the relay needs per stream: the client's socket, and the upstream's (shared by 100 on HTTP/2). */
export function filesPerStream(upstream: UpstreamProtocol): number {
  return upstream === 'http2' ? 1 + 1 / STREAMS_PER_H2_CONNECTION : 2;
}

/**
 * How many of `wanted` streams fit under an open-file limit of `limit` per process. The relay is
 * the tightest process: the load generator and the fake hold one socket per stream, the relay one
 * per client plus its upstream connections, all above {@link FILE_RESERVE}.
 */
export function openStreamCap(limit: number, wanted: number, upstream: UpstreamProtocol): number {
  const fit = Math.floor((limit - FILE_RESERVE) / filesPerStream(upstream));
  return Math.max(0, Math.min(wanted, fit));
}

/** The protocol's label in the report. */
export function upstreamLabel(upstream: UpstreamProtocol): string {
  return upstream === 'http2' ? 'relay → upstream over HTTP/2 (TLS)' : 'relay → upstream over HTTP/1.1';
}

/** Share of the streams that must have been open at once for a peak to count as theirs. */
export const OPEN_AT_ONCE_SHARE = 0.95;

/**
 * Why the relay's memory peak does not stand for `count` open streams, or null when it does: some
 * failed, or the relay finished early streams before it had taken the late ones, so fewer than
 * {@link OPEN_AT_ONCE_SHARE} of them were ever open at once.
 */
export function peakShortfall(count: number, ok: number, peakOpen: number): string | null {
  if (ok < count) return `${count - ok} streams failed`;
  if (peakOpen < OPEN_AT_ONCE_SHARE * count) return `only ${peakOpen} of ${count} were open at once`;
  return null;
}

/** A figure measured `before` and at `peak` with `peakOpen` streams open, carried on linearly to `count`. */
export function projectLinear(before: number | null, peak: number | null, peakOpen: number, count: number): number | null {
  if (before === null || peak === null || peakOpen <= 0) return null;
  return before + ((peak - before) * count) / peakOpen;
}
