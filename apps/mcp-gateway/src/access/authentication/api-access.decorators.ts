// Route markers for the administration API guard.
import { SetMetadata } from '@nestjs/common';

export const ADMINISTRATOR_ONLY = Symbol('ADMINISTRATOR_ONLY');
export const MACHINE_CALLERS_ALLOWED = Symbol('MACHINE_CALLERS_ALLOWED');

/** Only administrators: everyone else gets 403. */
export const AdministratorOnly = (): MethodDecorator & ClassDecorator =>
  SetMetadata(ADMINISTRATOR_ONLY, true);

/** AppKey callers may call this read-only route (the rest of `/api/*` refuses them). */
export const MachineCallersAllowed = (): MethodDecorator & ClassDecorator =>
  SetMetadata(MACHINE_CALLERS_ALLOWED, true);
