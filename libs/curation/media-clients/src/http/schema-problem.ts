// Names what failed in a schema check, path and field first, without quoting the value: answers
// can carry tokens (plex.tv's account document holds the account's authToken).
import type { z } from 'zod';

const MAX_LISTED_ISSUES = 3;

export function describeSchemaProblem(error: z.ZodError): string {
  const issues = error.issues.slice(0, MAX_LISTED_ISSUES).map((issue) => {
    const field = issue.path.length === 0 ? '(the document)' : formatPath(issue.path);
    return `field ${field}: ${issue.message}`;
  });
  const more =
    error.issues.length > MAX_LISTED_ISSUES ? ` (and ${error.issues.length - MAX_LISTED_ISSUES} more)` : '';
  return `an unexpected document: ${issues.join('; ')}${more}`;
}

function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${String(segment)}`,
    )
    .join('');
}
