// The curation API's roles (spec 5.2: `Admin` is a value; the rest is ours, docs/decisions/030):
// Admins curate, Guests (everyone else with access to the bound server) browse and ask for
// protection. Routes say which they admit with these decorators, on top of the service kit's
// deny-by-default guard. Each also declares, in the OpenAPI document, the 401 and 403 it answers.
import { applyDecorators } from '@nestjs/common';
import { ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Roles } from '@platform/service-kit';

export const CURATION_ROLES = ['Admin', 'Guest'] as const;

export type CurationRole = (typeof CURATION_ROLES)[number];

const NOT_SIGNED_IN = ApiUnauthorizedResponse({
  description:
    'No credentials, or credentials that do not check out (a session, a Bearer token or X-Api-Key).',
});

function roleRefused(role: CurationRole): ClassDecorator & MethodDecorator {
  return ApiForbiddenResponse({ description: `The caller is signed in but does not have the ${role} role.` });
}

export function isCurationRole(value: unknown): value is CurationRole {
  return (CURATION_ROLES as readonly unknown[]).includes(value);
}

/** Admins only. */
export const AdminOnly = (): ClassDecorator & MethodDecorator =>
  applyDecorators(Roles<CurationRole>('Admin'), NOT_SIGNED_IN, roleRefused('Admin'));

/** Any signed-in caller: Admin or Guest. */
export const SignedIn = (): ClassDecorator & MethodDecorator =>
  applyDecorators(Roles<CurationRole>('Admin', 'Guest'), NOT_SIGNED_IN);

/** Guests only (spec 4.3: `request-protect` is for a guest user account). */
export const GuestOnly = (): ClassDecorator & MethodDecorator =>
  applyDecorators(Roles<CurationRole>('Guest'), NOT_SIGNED_IN, roleRefused('Guest'));
