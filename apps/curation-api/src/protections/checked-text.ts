// The text rule of dto/curated-text.ts applied inside the services, so callers that do not come
// through a REST DTO (the MCP endpoint) get the same trimming and a 400-kind error, never a
// database constraint failure.
import { curatedText } from './dto/curated-text';
import { ProtectionErrors } from './protection-errors';

/** The trimmed text, or undefined for none; throws protection.invalid-text naming the field. */
export function checkedText(field: string, value: string | undefined): string | undefined {
  const checked = curatedText(field, value);
  if ('problem' in checked) throw ProtectionErrors.invalidText(field, checked.problem);
  return checked.text;
}
