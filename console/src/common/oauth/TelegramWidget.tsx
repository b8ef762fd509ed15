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

/** Where the signed fields go once the user agreed in Telegram: to the page, or the browser opens a URL with them. */
export type TelegramTarget = { onAuth(fields: TelegramFields): void } | { authUrl: string };

export interface TelegramWidgetProps {
  botName: string;
  size: 'large' | 'small';
  target: TelegramTarget;
  className?: string;
}

/** Telegram's own button for the site's bot (sign-in and binding). */
export function TelegramWidget({ botName, size, target, className }: TelegramWidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  const report = useRef(target);
  report.current = target;
  const authUrl = 'authUrl' in target ? target.authUrl : undefined;

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
    if (authUrl) {
      script.setAttribute('data-auth-url', authUrl);
    } else {
      globals[TELEGRAM_CALLBACK_NAME] = (user) => {
        const current = report.current;
        if ('onAuth' in current) current.onAuth(telegramFields(user));
      };
      script.setAttribute('data-onauth', `${TELEGRAM_CALLBACK_NAME}(user)`);
    }
    host.appendChild(script);
    return () => {
      host.replaceChildren();
      if (!authUrl) delete globals[TELEGRAM_CALLBACK_NAME];
    };
  }, [botName, size, authUrl]);

  return <div className={className} ref={container} data-testid="telegram-widget" />;
}
