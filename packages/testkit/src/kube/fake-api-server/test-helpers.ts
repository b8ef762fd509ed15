/**
 * Small helpers for tests that drive the fake API server: polling for a condition, reading the
 * Kubernetes Status out of a client-node `ApiException`, and running kubectl against the fake.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Polls `condition` every 20 ms until it returns true (or a truthy value), or fails after `timeoutMs`. */
export async function waitFor<T>(condition: () => T | Promise<T>, timeoutMs = 5000, description = 'condition'): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await condition();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${description}${lastError ? `: ${String(lastError)}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The HTTP code and Status body of a rejected client-node call (fails when the call succeeded). */
export async function apiFailureOf(call: Promise<unknown>): Promise<{ code: number; status: Record<string, unknown> }> {
  try {
    await call;
  } catch (error) {
    const { code, body } = error as { code?: number; body?: unknown };
    if (typeof code !== 'number') throw error;
    const status = typeof body === 'string' ? (JSON.parse(body) as Record<string, unknown>) : ((body ?? {}) as Record<string, unknown>);
    return { code, status };
  }
  throw new Error('expected the API call to fail, but it succeeded');
}

/** Result of one kubectl run. */
export interface KubectlResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs kubectl with the given kubeconfig, a private discovery cache, `--request-timeout=5s`, and a
 * hard process timeout. Never throws for a non-zero exit; check `exitCode`.
 */
export function runKubectl(kubeconfigPath: string, args: string[], options: { timeoutMs?: number; stdin?: string } = {}): Promise<KubectlResult> {
  const cacheDir = mkdtempSync(join(tmpdir(), 'modelgate-kubectl-cache-'));
  return new Promise((resolve) => {
    const child = execFile(
      process.env.KUBECTL ?? 'kubectl',
      ['--kubeconfig', kubeconfigPath, '--cache-dir', cacheDir, '--request-timeout=5s', ...args],
      { timeout: options.timeoutMs ?? 20_000, env: { ...process.env, KUBECONFIG: kubeconfigPath } },
      (error, stdout, stderr) => {
        rmSync(cacheDir, { recursive: true, force: true });
        const exitCode = error ? (typeof (error as { code?: unknown }).code === 'number' ? ((error as { code: number }).code) : 1) : 0;
        resolve({ exitCode, stdout: String(stdout), stderr: String(stderr) });
      },
    );
    if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  });
}
