// The curation API's roles (spec 5.2: `Admin` is a value; the rest is ours, docs/decisions/030):
// Admins curate, Guests (everyone else with access to the bound server) browse and ask for
// protection. Routes say which they admit with these decorators, on top of the service kit's
// deny-by-default guard.
import { Roles } from '@platform/service-kit';

export const CURATION_ROLES = ['Admin', 'Guest'] as const;

export type CurationRole = (typeof CURATION_ROLES)[number];

export function isCurationRole(value: unknown): value is CurationRole {
  return (CURATION_ROLES as readonly unknown[]).includes(value);
}

/** Admins only. */
export const AdminOnly = (): ClassDecorator & MethodDecorator => Roles<CurationRole>('Admin');

/** Any signed-in caller: Admin or Guest. */
export const SignedIn = (): ClassDecorator & MethodDecorator => Roles<CurationRole>('Admin', 'Guest');

/** Guests only (spec 4.3: `request-protect` is for a guest user account). */
export const GuestOnly = (): ClassDecorator & MethodDecorator => Roles<CurationRole>('Guest');
