import { useEffect, useRef } from 'react';

const TELEGRAM_WIDGET_SCRIPT = 'https://telegram.org/js/telegram-widget.js?22';
/** The global the widget calls back when it reports to the page (its `data-onauth` names it). */
export const TELEGRAM_CALLBACK_NAME = 'onModelgateTelegramAuth';

/** Telegram widget fields, forwarded as they came (the server checks their signature). */
export type TelegramFields = Record<string, string>;

type TelegramCallback = (user: Record<string, unknown>) => void;

/** The widget's user as query fields: every present field as text, nothing added. */
export function telegramFields(user: Record<string, unknown>): TelegramFields {
  const fields: TelegramFields = {};
  for (const [name, value] of Object.entries(user)) {
    if (value !== undefined && value !== null) fields[name] = String(value);
  }
  return fields;
}

export interface TelegramWidgetProps {
  botName: string;
  size: 'large' | 'small';
  /**
   * Receives the signed fields once the user agreed in Telegram; the page then sends them with a
   * call of its own. The widget's other mode (`data-auth-url`: the browser navigates to a URL
   * with the fields) is not offered: that navigation cannot be told apart from one another site
   * starts, so the server does not bind on it.
   */
  onAuth(fields: TelegramFields): void;
  className?: string;
}

/** Telegram's own button for the site's bot (sign-in and binding). */
export function TelegramWidget({ botName, size, onAuth, className }: TelegramWidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  const report = useRef(onAuth);
  report.current = onAuth;

  useEffect(() => {
    const host = container.current;
    if (!host || !botName) return undefined;
    const globals = window as unknown as Record<string, TelegramCallback | undefined>;
    const script = document.createElement('script');
    script.src = TELEGRAM_WIDGET_SCRIPT;
    script.async = true;
    script.setAttribute('data-telegram-login', botName);
    script.setAttribute('data-size', size);
    script.setAttribute('data-request-access', 'write');
    globals[TELEGRAM_CALLBACK_NAME] = (user) => report.current(telegramFields(user));
    script.setAttribute('data-onauth', `${TELEGRAM_CALLBACK_NAME}(user)`);
    host.appendChild(script);
    return () => {
      host.replaceChildren();
      delete globals[TELEGRAM_CALLBACK_NAME];
    };
  }, [botName, size]);

  return <div className={className} ref={container} data-testid="telegram-widget" />;
}
