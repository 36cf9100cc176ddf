// MCP's log levels (RFC 5424 severities), least severe first, and the one rule about them: a
// client that set a level gets the messages at that level or more severe.

export const LOG_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;

export type LogLevel = (typeof LOG_LEVELS)[number];

const SEVERITY: ReadonlyMap<unknown, number> = new Map(LOG_LEVELS.map((level, index) => [level, index]));

/** The level's place in LOG_LEVELS, or undefined for anything that is not a level. */
export function severityOf(level: unknown): number | undefined {
  return SEVERITY.get(level);
}

/** Whether a message at `level` passes a client's chosen level (everything passes when none was chosen). */
export function passesLevel(level: unknown, chosen: LogLevel | undefined): boolean {
  const severity = severityOf(level);
  return severity !== undefined && (chosen === undefined || severity >= (severityOf(chosen) ?? 0));
}
