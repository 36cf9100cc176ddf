// Who may call a route of the administration API (`/api/*`), in the gateway's words. The global
// RouteAccessGuard (service kit) reads the marker and asks ApiAccessAuthorizer to check it.
import { Roles } from '@platform/service-kit';

/**
 * - `user`: anyone signed in who is not a machine: an SSO or OAuth user, or an administrator key
 *   (the service decides what each may see, e.g. only their own keys);
 * - `administrator`: a user the gateway makes an administrator (administrator.ts);
 * - `machine`: an AppKey caller. Machine tokens never reach `/api/*` unless a route names them
 *   (spec 5.1), and never count as administrators.
 */
export type ApiRole = 'user' | 'administrator' | 'machine';

/** Callers holding any of these roles; everyone else gets 403 (and no credential at all, 401). */
export const ApiRoles = (...roles: [ApiRole, ...ApiRole[]]): ClassDecorator & MethodDecorator =>
  Roles<ApiRole>(...roles);
