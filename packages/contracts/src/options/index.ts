// @modelgate/contracts/options: the option registry (key → default, rule, secrecy, parser) and
// what is derived from it. Free of Node.js imports: the console imports it too.
export { baseAddress, type OptionCheck, type OptionRefusal, checkOptionText, listEntries } from './check';
export { type OptionSpec, jsonObjectOption } from './define';
export { checkJsonOption, type JsonProblem } from './json-shapes';
export { OptionMessage } from './messages';
export {
  checkOptionValue,
  DEFAULT_OPTIONS,
  isOptionKey,
  isSecretOption,
  OPTION_KEYS,
  OPTION_REGISTRY,
  type OptionKey,
  type OptionKeyOf,
  optionSchema,
  optionSpec,
  type OptionValue,
  parseOption,
} from './registry';
export type { JsonShape, OptionRule } from './rule';
export { DEFAULT_CACHE_RATIO, DEFAULT_COMPLETION_RATIO, DEFAULT_MODEL_PRICE, DEFAULT_MODEL_RATIO } from './defaults';
