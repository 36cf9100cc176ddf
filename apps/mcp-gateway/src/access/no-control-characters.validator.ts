// Identifiers that administrators type and later read back (policy targets, group names) must
// be printable: a control character would make two rows look alike or corrupt a log line.
import { Matches, type ValidationOptions } from 'class-validator';

const WITHOUT_CONTROL_CHARACTERS = /^[^\p{Cc}]+$/u;

export function NoControlCharacters(options: ValidationOptions = {}): PropertyDecorator {
  return Matches(WITHOUT_CONTROL_CHARACTERS, {
    message: '$property must not contain control characters',
    ...options,
  });
}
