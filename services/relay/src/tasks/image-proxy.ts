import type { ServerResponse } from 'node:http';
import { DeadlineExceededError, NotFoundError, UnavailableError } from '@modelgate/runtime';
import type { UpstreamClient } from '../pipeline/upstream-client';

/** Time the image upstream has to start and finish its answer. */
export const IMAGE_TIMEOUT_MS = 30_000;
/** Largest image streamed (the reference's images are a few MiB). */
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;

/**
 * Streams a task's image from the URL its upstream gave (never a URL from the request: the
 * gateway is no open proxy), through the upstream client, so the outbound address policy
 * applies; within {@link IMAGE_TIMEOUT_MS} and {@link IMAGE_MAX_BYTES}, images only.
 */
export async function streamTaskImage(
  res: ServerResponse,
  upstream: UpstreamClient,
  imageUrl: string,
  limits: { timeoutMs: number; maxBytes: number } = { timeoutMs: IMAGE_TIMEOUT_MS, maxBytes: IMAGE_MAX_BYTES },
): Promise<void> {
  let url: URL;
  try {
    url = new URL(imageUrl);
  } catch {
    throw new NotFoundError('the task has no image', { code: 'image_not_found' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new NotFoundError('the task has no image', { code: 'image_not_found' });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  try {
    let response;
    try {
      response = await upstream.get(url.toString(), { accept: 'image/*' }, controller.signal);
    } catch (error) {
      if (controller.signal.aborted) throw new DeadlineExceededError('the image upstream did not answer in time', { code: 'upstream_timeout', cause: error });
      throw new UnavailableError('the image upstream could not be reached', { code: 'upstream_unavailable', cause: error });
    }
    const type = String(response.headers['content-type'] ?? '');
    const declared = Number(response.headers['content-length'] ?? NaN);
    if (response.statusCode !== 200 || !type.startsWith('image/') || declared > limits.maxBytes) {
      await response.body.dump().catch(() => undefined);
      throw new UnavailableError(
        declared > limits.maxBytes ? 'the image is larger than the gateway serves' : `the image upstream answered HTTP ${response.statusCode} (${type || 'no type'})`,
        { code: 'image_unavailable' },
      );
    }
    res.writeHead(200, {
      'Content-Type': type,
      'Cache-Control': 'public, max-age=86400',
      ...(Number.isFinite(declared) ? { 'Content-Length': String(declared) } : {}),
    });
    let sent = 0;
    try {
      for await (const chunk of response.body) {
        sent += (chunk as Buffer).length;
        if (sent > limits.maxBytes) throw new Error('image over the size limit');
        if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
      }
      res.end();
    } catch {
      // Headers are out: the only honest thing left is to cut the answer short.
      response.body.destroy();
      res.destroy();
    }
  } finally {
    clearTimeout(timer);
  }
}
