/**
 * Numeric bounds of a channel's routing fields, declared once: the channel-writing module refuses
 * values outside them and the console's channel and tag editors check the same before sending.
 * The minimum priority is the spec's (-999); the maxima are stated here: priorities only order
 * channels and weights only share traffic, so a million leaves room for any scheme.
 */
export const CHANNEL_PRIORITY = { min: -999, max: 1_000_000 } as const;

/** Weight: stored as at least 0 (a negative weight of one channel is stored as 0, as the spec says). */
export const CHANNEL_WEIGHT = { min: 0, max: 1_000_000 } as const;
