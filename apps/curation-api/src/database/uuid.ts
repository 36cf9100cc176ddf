// Ids stored as PostgreSQL `uuid`: a value that is not a UUID names no row, and handing it to the
// database would fail on the cast instead of answering "not found".
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(id: string): boolean {
  return UUID.test(id);
}
