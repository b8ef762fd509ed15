import type { PaymentForm } from './wallet-api';

/**
 * Hands the signed order to the payment gateway the way it expects: a POSTed form, opened in a
 * new tab so the console stays where it is.
 */
export function submitPaymentForm({ url, params }: PaymentForm, doc: Document = document): void {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.target = '_blank';
  form.style.display = 'none';
  for (const [name, value] of Object.entries(params)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  try {
    form.submit();
  } finally {
    form.remove();
  }
}
