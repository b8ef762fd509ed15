import { z } from 'zod';

/** One configuration field: the environment variable it comes from and how it is validated. */
export interface ConfigField<T extends z.ZodType = z.ZodType> {
  /** Environment variable name, e.g. `DATABASE_URL`. */
  env: string;
  /** Validation and conversion of the raw string; `.default()` and `.optional()` as usual. */
  schema: T;
  /** What the variable does; shown in the error listing and the README's table. */
  description: string;
  /** A secret: an invalid value is never quoted in the error listing. */
  sensitive?: boolean;
}

export type ConfigSpec = Record<string, ConfigField>;

export type ConfigOf<S extends ConfigSpec> = { readonly [K in keyof S]: z.output<S[K]['schema']> };

/** One invalid variable: its name and why it was rejected. */
export interface ConfigProblem {
  env: string;
  message: string;
}

/** Thrown when one or more variables are invalid; lists every problem at once. */
export class ConfigValidationError extends Error {
  readonly problems: readonly ConfigProblem[];

  constructor(problems: ConfigProblem[]) {
    super(
      `invalid configuration (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n` +
        problems.map((p) => `  - ${p.env}: ${p.message}`).join('\n'),
    );
    this.name = 'ConfigValidationError';
    this.problems = problems;
  }
}

/** Declares a configuration spec; the identity function that keeps the field types. */
export function defineConfig<S extends ConfigSpec>(spec: S): S {
  return spec;
}

/**
 * Reads every field of `spec` from `env` once and validates it. An empty string counts as unset,
 * so `FOO=` falls back to the default. Throws ConfigValidationError naming every invalid variable.
 */
export function loadConfig<S extends ConfigSpec>(
  spec: S,
  env: NodeJS.ProcessEnv = process.env,
): ConfigOf<S> {
  const problems: ConfigProblem[] = [];
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(spec)) {
    const raw = env[field.env];
    const parsed = field.schema.safeParse(raw === '' ? undefined : raw);
    if (parsed.success) {
      result[key] = parsed.data;
    } else {
      const message = parsed.error.issues.map((issue) => describeIssue(issue, raw, field.sensitive)).join('; ');
      problems.push({ env: field.env, message });
    }
  }
  if (problems.length > 0) throw new ConfigValidationError(problems);
  return Object.freeze(result) as ConfigOf<S>;
}

function describeIssue(issue: z.core.$ZodIssue, raw: string | undefined, sensitive = false): string {
  if (raw === undefined || raw === '') {
    if (issue.code === 'invalid_type') return 'is required';
  }
  return `${issue.message}${raw === undefined || sensitive ? '' : ` (got ${JSON.stringify(raw)})`}`;
}

/**
 * Loads the configuration for a process entry point; on any invalid variable prints every
 * problem to stderr and exits with status 78 (EX_CONFIG), so an orchestrator shows why.
 */
export function loadConfigOrExit<S extends ConfigSpec>(
  spec: S,
  env: NodeJS.ProcessEnv = process.env,
): ConfigOf<S> {
  try {
    return loadConfig(spec, env);
  } catch (error) {
    if (error instanceof ConfigValidationError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
}
