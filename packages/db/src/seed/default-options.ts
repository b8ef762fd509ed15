/**
 * Every option's default text, as the seed writes it. Declared in the option registry
 * (`@modelgate/contracts/options`); re-exported here for the seed and its readers.
 */
export { DEFAULT_OPTIONS } from '@modelgate/contracts/options';
