import { useEffect, useRef } from 'react';
import { loadScript } from './load-script';

/** Cloudflare Turnstile's script, rendered explicitly into our own container. */
export const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileOptions {
  sitekey: string;
  callback(token: string): void;
  'expired-callback'?(): void;
  'error-callback'?(): void;
  theme?: 'light' | 'dark' | 'auto';
}

/** The part of `window.turnstile` the console uses. */
export interface TurnstileApi {
  render(container: HTMLElement, options: TurnstileOptions): string | undefined;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

export interface TurnstileWidgetProps {
  siteKey: string;
  /** The check's token once it passed; '' when it expired or failed. */
  onToken(token: string): void;
}

/**
 * The human check (Cloudflare Turnstile) shown when the site enables it: loads the script once,
 * renders the widget, reports its token. Login, register, reset and personal settings use it.
 */
export function TurnstileWidget({ siteKey, onToken }: TurnstileWidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  const report = useRef(onToken);
  report.current = onToken;

  useEffect(() => {
    let widgetId: string | undefined;
    let cancelled = false;
    const render = () => {
      if (cancelled || !container.current || !window.turnstile) return;
      widgetId = window.turnstile.render(container.current, {
        sitekey: siteKey,
        callback: (token) => report.current(token),
        'expired-callback': () => report.current(''),
        'error-callback': () => report.current(''),
        theme: 'auto',
      });
    };
    if (window.turnstile) render();
    else loadScript(TURNSTILE_SCRIPT).then(render, () => undefined);
    return () => {
      cancelled = true;
      if (widgetId !== undefined) window.turnstile?.remove(widgetId);
    };
  }, [siteKey]);

  return <div className="mg-turnstile" ref={container} data-testid="turnstile" />;
}
