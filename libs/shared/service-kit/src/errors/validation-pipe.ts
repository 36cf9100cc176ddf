// Request validation at the edge: DTOs are validated with class-validator, unknown fields
// are rejected (so a typo in a field name is an error, not silently ignored) and values
// are transformed to the declared types.
import { ValidationPipe } from '@nestjs/common';

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    stopAtFirstError: false,
  });
}
