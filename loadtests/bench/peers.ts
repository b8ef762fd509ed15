import path from 'node:path';
import { ChildService } from './child-service';
import { freePort, waitUntil } from './net';
import { bareProxyEntry, fakeUpstreamEntry, loadtestsDir, portkeyEntry } from './paths';

/** A server the benchmark started, with the address clients use. */
export interface RunningServer {
  url: string;
  service: ChildService;
}

/** What a `--tls` fake prints after its URL (its command line's CA_FILE_PREFIX; not imported, which would load the whole fake here). */
const CA_FILE_PREFIX = 'ca-file: ';

/** The fake upstream; with `tls`, the certificate file its clients must trust. */
export interface RunningFake extends RunningServer {
  certFile?: string;
}

/**
 * The fake upstream as its own process. It prints its URL as the first line on stdout; request
 * recording is off by default, so its memory stays flat under load. `slowModels`
 * (`MODEL:CHUNKS:DELAY_MS`) make those models' streams slow. With `tls` it serves HTTPS with
 * HTTP/2 and HTTP/1.1 (ALPN) on a self-signed certificate, whose file it prints next.
 */
export async function startFakeUpstream(
  repoRoot: string,
  slowModels: readonly string[] = [],
  options: { tls?: boolean } = {},
): Promise<RunningFake> {
  const service = new ChildService({
    name: 'fake-upstream',
    args: [fakeUpstreamEntry(), '--port', '0', ...slowModels.flatMap((slow) => ['--slow-model', slow]), ...(options.tls ? ['--tls'] : [])],
    env: process.env,
    cwd: repoRoot,
  });
  const line = await service.waitForLine((l) => /^https?:\/\//.test(l), 15_000);
  if (!options.tls) return { url: line.trim(), service };
  const ca = await service.waitForLine((l) => l.startsWith(CA_FILE_PREFIX), 15_000);
  return { url: line.trim(), service, certFile: ca.slice(CA_FILE_PREFIX.length).trim() };
}

/** The bare Node proxy (the ceiling row) as its own process, in front of the fake upstream. */
export async function startBareProxy(repoRoot: string, fakeUrl: string): Promise<RunningServer> {
  const service = new ChildService({ name: 'bare-proxy', args: [bareProxyEntry(), fakeUrl], env: process.env, cwd: repoRoot });
  const line = await service.waitForLine((l) => l.startsWith('http://'), 15_000);
  return { url: line.trim(), service };
}

/**
 * Portkey gateway OSS as its own process. It listens on every interface by default, so the
 * loopback preload pins it to 127.0.0.1; TRUSTED_CUSTOM_HOSTS lets it call the fake upstream on
 * loopback, which its guard against internal addresses refuses otherwise.
 */
export async function startPortkey(repoRoot: string): Promise<RunningServer> {
  const port = await freePort();
  const service = new ChildService({
    name: 'portkey',
    args: ['-r', path.join(loadtestsDir(repoRoot), 'bench', 'bind-loopback.cjs'), portkeyEntry(), `--port=${port}`, '--headless'],
    env: { ...process.env, TRUSTED_CUSTOM_HOSTS: '127.0.0.1', NODE_ENV: 'production' },
    cwd: repoRoot,
  });
  const url = `http://127.0.0.1:${port}`;
  await service.whileRunning(waitUntil(async () => (await fetch(`${url}/`)).ok, 30_000, 'Portkey'));
  return { url, service };
}
