import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../app/api-error';
import { useQuoteTopUpMutation } from './wallet-api';

/** How long typing must pause before the amount is priced. */
export const QUOTE_DELAY_MS = 400;

export interface PayableAmount {
  /** The price of `amount` once known, as the server wrote it. */
  payable?: string;
  /** Why the amount could not be priced (the server's words). */
  error?: string;
  pending: boolean;
}

/**
 * The price of an online top-up of `amount`, asked of the server once typing pauses. Only the
 * answer for the latest amount is kept; nothing is asked while `enabled` is false.
 */
export function usePayableAmount(amount: number, enabled: boolean): PayableAmount {
  const [quote] = useQuoteTopUpMutation();
  const [state, setState] = useState<PayableAmount>({ pending: false });
  const latest = useRef(0);

  useEffect(() => {
    const request = ++latest.current;
    if (!enabled) {
      setState({ pending: false });
      return undefined;
    }
    setState((current) => ({ ...current, pending: true }));
    const timer = setTimeout(() => {
      quote({ amount, top_up_code: '' })
        .unwrap()
        .then((payable) => {
          if (request === latest.current) setState({ payable, pending: false });
        })
        .catch((failure: unknown) => {
          if (request !== latest.current) return;
          setState({ error: isApiError(failure) ? failure.message : String(failure), pending: false });
        });
    }, QUOTE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [amount, enabled, quote]);

  return state;
}
