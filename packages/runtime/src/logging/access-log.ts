import { z } from 'zod';
import type { Logger } from 'pino';
import { defineConfig } from '../config/load-config';

/** Which requests get an access-log line. */
export type AccessLogMode = 'all' | 'errors' | 'off';
/** `json`: one pino line (Kubernetes, log shippers); `text`: one short human-readable line (`npm start`). */
export type AccessLogFormat = 'json' | 'text';

/** One finished request, as its access-log line tells it. */
export interface AccessLogEntry {
  requestId: string;
  traceId?: string | undefined;
  method: string;
  /** The route template (`/api/user/:id`) or relay endpoint, never the raw path with ids in it. */
  route: string;
  status: number;
  durationMs: number;
  model?: string | undefined;
  channel?: string | undefined;
  /** The client went away before the answer was complete. */
  aborted?: boolean;
}

/** ACCESS_LOG, ACCESS_LOG_FORMAT and ACCESS_LOG_SAMPLE, with a process's own defaults. */
export function accessLogConfig(defaults: { mode: AccessLogMode; format: AccessLogFormat }) {
  return defineConfig({
    accessLog: {
      env: 'ACCESS_LOG',
      schema: z.enum(['all', 'errors', 'off']).default(defaults.mode),
      description: 'access-log lines: all requests, errors (5xx and aborted) only, or off',
    },
    accessLogFormat: {
      env: 'ACCESS_LOG_FORMAT',
      schema: z.enum(['json', 'text']).default(defaults.format),
      description: 'access-log line format: json (one pino line) or text (one short line)',
    },
    accessLogSample: {
      env: 'ACCESS_LOG_SAMPLE',
      schema: z.coerce.number().gt(0).max(1).default(1),
      description: 'share of successful requests logged with ACCESS_LOG=all (errors are always logged)',
    },
  });
}

/** Settings of an access log, as {@link accessLogConfig} reads them. */
export interface AccessLogSettings {
  accessLog: AccessLogMode;
  accessLogFormat: AccessLogFormat;
  accessLogSample: number;
}

/** The defaults of a service process on its own (Kubernetes): every request, as JSON. */
export const SERVICE_ACCESS_LOG: AccessLogSettings = { accessLog: 'all', accessLogFormat: 'json', accessLogSample: 1 };

/** Writes access-log lines; `enabled` false means nothing is ever written (callers may skip work). */
export interface AccessLog {
  readonly enabled: boolean;
  log(entry: AccessLogEntry): void;
}

const OFF: AccessLog = { enabled: false, log: () => undefined };

/**
 * An access log: one line per request with its request id, trace id, route template, status,
 * duration, and for the relay its model and channel. Server errors (5xx) and requests the client
 * abandoned are logged at warn/error level; everything else, client errors (4xx) included, at info:
 * a client's mistake is not the gateway's error. With `errors` only 5xx and aborted requests are
 * logged; with `all`, successful ones are sampled by `accessLogSample`.
 */
export function createAccessLog(settings: AccessLogSettings, logger: Logger, write: (line: string) => void = (line) => process.stdout.write(line)): AccessLog {
  if (settings.accessLog === 'off') return OFF;
  const errorsOnly = settings.accessLog === 'errors';
  const sample = settings.accessLogSample;
  const text = settings.accessLogFormat === 'text';
  return {
    enabled: true,
    log(entry) {
      const failed = entry.status >= 500 || entry.aborted === true;
      if (!failed && (errorsOnly || (sample < 1 && Math.random() >= sample))) return;
      if (text) {
        // LOG_LEVEL holds for the text lines too (silent: none).
        if (logger.isLevelEnabled(entry.status >= 500 ? 'error' : entry.aborted ? 'warn' : 'info')) write(textLine(entry));
        return;
      }
      const fields = {
        request_id: entry.requestId,
        ...(entry.traceId ? { trace_id: entry.traceId } : {}),
        method: entry.method,
        route: entry.route,
        status: entry.status,
        duration_ms: Math.round(entry.durationMs * 10) / 10,
        ...(entry.model ? { model: entry.model } : {}),
        ...(entry.channel ? { channel: entry.channel } : {}),
        ...(entry.aborted ? { aborted: true } : {}),
      };
      if (entry.status >= 500) logger.error(fields, 'request');
      else if (entry.aborted) logger.warn(fields, 'request');
      else logger.info(fields, 'request');
    },
  };
}

function textLine(entry: AccessLogEntry): string {
  const time = new Date().toISOString().slice(11, 19);
  const extra = [entry.model, entry.channel ? `channel ${entry.channel}` : undefined, entry.aborted ? 'aborted' : undefined]
    .filter(Boolean)
    .join(' ');
  return `${time} ${entry.method} ${entry.route} ${entry.status} ${entry.durationMs.toFixed(1)}ms${extra ? ` ${extra}` : ''} ${entry.requestId}\n`;
}
