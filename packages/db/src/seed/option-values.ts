/**
 * Reading option values, which are all stored as text. The parsers live with the option
 * registry (`@modelgate/contracts/options`) so every service reads a value the same way.
 */
export { jsonObjectOption } from '@modelgate/contracts/options';
