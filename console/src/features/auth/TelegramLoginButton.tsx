import { useEffect, useRef } from 'react';
import type { TelegramFields } from './auth-api';

const TELEGRAM_WIDGET_SCRIPT = 'https://telegram.org/js/telegram-widget.js?22';
/** The global the widget calls back (its `data-onauth` names it). */
export const TELEGRAM_CALLBACK_NAME = 'onModelgateTelegramAuth';

type TelegramCallback = (user: Record<string, unknown>) => void;

/** The widget's user as query fields: every present field as text, nothing added. */
export function telegramFields(user: Record<string, unknown>): TelegramFields {
  const fields: TelegramFields = {};
  for (const [name, value] of Object.entries(user)) {
    if (value !== undefined && value !== null) fields[name] = String(value);
  }
  return fields;
}

export interface TelegramLoginButtonProps {
  botName: string;
  onAuth(fields: TelegramFields): void;
}

/** Telegram's login widget for the site's bot; reports the signed widget fields. */
export function TelegramLoginButton({ botName, onAuth }: TelegramLoginButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  const report = useRef(onAuth);
  report.current = onAuth;

  useEffect(() => {
    const target = container.current;
    if (!target) return undefined;
    const callback: TelegramCallback = (user) => report.current(telegramFields(user));
    (window as unknown as Record<string, TelegramCallback>)[TELEGRAM_CALLBACK_NAME] = callback;
    const script = document.createElement('script');
    script.src = TELEGRAM_WIDGET_SCRIPT;
    script.async = true;
    script.setAttribute('data-telegram-login', botName);
    script.setAttribute('data-size', 'large');
    script.setAttribute('data-request-access', 'write');
    script.setAttribute('data-onauth', `${TELEGRAM_CALLBACK_NAME}(user)`);
    target.appendChild(script);
    return () => {
      target.replaceChildren();
      delete (window as unknown as Record<string, TelegramCallback | undefined>)[TELEGRAM_CALLBACK_NAME];
    };
  }, [botName]);

  return <div className="mg-telegram-login" ref={container} data-testid="telegram-login" />;
}
