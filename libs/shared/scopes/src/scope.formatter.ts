// Canonical text of a parsed scope: one spelling per meaning (`*`, `server:`, `category:`,
// `resource_template:`), so stored lists, slugs and RBAC keys never depend on which alias a
// user typed.
import type { ValidScope } from './scope.types';

export function formatScope(scope: ValidScope): string {
  switch (scope.kind) {
    case 'global':
      return '*';
    case 'server':
      return `server:${scope.serverId}`;
    case 'category':
      return `category:${scope.category}`;
    case 'tool':
    case 'prompt':
    case 'resource':
    case 'resource_template':
    case 'completion':
      return `${scope.kind}:${scope.target}`;
  }
}
