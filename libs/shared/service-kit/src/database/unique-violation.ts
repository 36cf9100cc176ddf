// Recognises PostgreSQL's unique_violation (SQLSTATE 23505) behind TypeORM's error wrapper, so
// services can turn a duplicate into a 409 without a racy "check, then insert".
import { QueryFailedError } from 'typeorm';

const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  return (
    error instanceof QueryFailedError && (error.driverError as { code?: unknown }).code === UNIQUE_VIOLATION
  );
}
