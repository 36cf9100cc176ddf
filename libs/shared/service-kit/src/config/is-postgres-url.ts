// Validates a PostgreSQL connection URL (postgres:// or postgresql://).
import { registerDecorator, ValidationOptions } from 'class-validator';

export function isPostgresUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'postgres:' || url.protocol === 'postgresql:';
  } catch {
    return false;
  }
}

export function IsPostgresUrl(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'isPostgresUrl',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: 'must be a postgres:// or postgresql:// URL', ...options },
      validator: { validate: isPostgresUrl },
    });
  };
}
