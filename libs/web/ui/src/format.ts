// How numbers and times read in the web apps: binary units (as the APIs count bytes), dates in the
// reader's locale, and "3 days ago" where the distance matters more than the day.

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(value >= 100 ? 0 : 1)} ${UNITS[unit]}`;
}

// Made once: building an Intl formatter costs far more than using one, and rows format many dates.
const DATE = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const RELATIVE = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

export function formatDate(iso: string | null | undefined): string {
  if (iso === null || iso === undefined) return '—';
  return DATE.format(new Date(iso));
}

const DIVISIONS: readonly [number, Intl.RelativeTimeFormatUnit][] = [
  [60, 'second'],
  [60, 'minute'],
  [24, 'hour'],
  [30.44, 'day'],
  [12, 'month'],
  [Number.POSITIVE_INFINITY, 'year'],
];

export function formatRelative(iso: string | null | undefined, now: number = Date.now()): string {
  if (iso === null || iso === undefined) return 'never';
  let amount = (new Date(iso).getTime() - now) / 1000;
  for (const [size, unit] of DIVISIONS) {
    if (Math.abs(amount) < size) return RELATIVE.format(Math.round(amount), unit);
    amount /= size;
  }
  return formatDate(iso);
}
