// Reads a service's configuration from the environment and validates it once, at start-up.
// A bad or missing value stops the service with a message naming the variable; values are
// never echoed, because some of them are secrets.
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync, ValidationError } from 'class-validator';

export class ConfigurationError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigurationError';
  }
}

type Environment = Readonly<Record<string, string | undefined>>;

/**
 * Builds a validated config object. `defaults` fill variables that are unset or empty
 * (service-specific defaults such as the port); class field initialisers fill the rest.
 */
export function loadConfig<T extends object>(
  configClass: new () => T,
  environment: Environment,
  defaults: Partial<Record<keyof T & string, string>> = {},
): T {
  const declared = Object.keys(new configClass());
  const known = new Set([...declared, ...Object.keys(defaults), ...declaredWithoutInitialiser(configClass)]);
  const raw: Record<string, string> = {};
  for (const name of known) {
    const value = environment[name];
    const fallback = (defaults as Record<string, string | undefined>)[name];
    if (value !== undefined && value !== '') raw[name] = value;
    else if (fallback !== undefined) raw[name] = fallback;
  }
  const config = plainToInstance(configClass, raw, { exposeDefaultValues: true });
  const errors = validateSync(config, { forbidUnknownValues: true, stopAtFirstError: true });
  if (errors.length > 0) throw new ConfigurationError(errors.flatMap(describe));
  return Object.freeze(config);
}

function describe(error: ValidationError): string[] {
  const messages = Object.values(error.constraints ?? {});
  const own = messages.length > 0 ? [`${error.property}: ${unique(messages).join('; ')}`] : [];
  return [...own, ...(error.children ?? []).flatMap(describe)];
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** Properties declared with `!` have no initialiser; class-validator's metadata still knows them. */
function declaredWithoutInitialiser(configClass: new () => object): string[] {
  return getMetadataStorage()
    .getTargetValidationMetadatas(configClass, '', false, false)
    .map((metadata) => metadata.propertyName);
}
