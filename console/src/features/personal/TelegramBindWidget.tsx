import { useEffect, useRef } from 'react';

/** Telegram's login widget script; the widget sends the signed fields to `authUrl`. */
const WIDGET_SCRIPT = 'https://telegram.org/js/telegram-widget.js?22';
export const TELEGRAM_BIND_URL = '/api/oauth/telegram/bind';

/** Telegram's own button: after the user agrees in Telegram, the browser opens the bind URL. */
export function TelegramBindWidget({ botName }: { botName: string }) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = host.current;
    if (!container || !botName) return undefined;
    const script = document.createElement('script');
    script.async = true;
    script.src = WIDGET_SCRIPT;
    script.setAttribute('data-telegram-login', botName);
    script.setAttribute('data-size', 'small');
    script.setAttribute('data-auth-url', TELEGRAM_BIND_URL);
    script.setAttribute('data-request-access', 'write');
    container.appendChild(script);
    return () => container.replaceChildren();
  }, [botName]);

  return <div ref={host} className="mg-telegram-widget" data-testid="telegram-widget" />;
}
