// Reading JSON whose shape nobody vouches for (a backend's result, a discovery document) without
// casting it: a JSON object becomes a record of unknown members, anything else is no record.

export type JsonRecord = Readonly<Record<string, unknown>>;

const EMPTY: JsonRecord = Object.freeze({});

/** True for a JSON object (not null, not an array). */
export function isJsonRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value as a record, or an empty one when it is not a JSON object (every member then reads as absent). */
export function jsonRecordOf(value: unknown): JsonRecord {
  return isJsonRecord(value) ? value : EMPTY;
}
