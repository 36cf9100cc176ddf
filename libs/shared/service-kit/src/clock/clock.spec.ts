import { ManualClock, SYSTEM_CLOCK } from './clock';

describe('SYSTEM_CLOCK', () => {
  it('reads the system time, as a number and as a Date', () => {
    const before = Date.now();
    const ms = SYSTEM_CLOCK.nowMs();
    const date = SYSTEM_CLOCK.now();
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(date.getTime()).toBeGreaterThanOrEqual(ms);
    expect(date.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('ManualClock', () => {
  it('stands still until advanced or set, and agrees with itself in both forms', () => {
    const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
    expect(clock.now().toISOString()).toBe('2026-03-01T10:00:00.000Z');
    clock.advance(1500);
    expect(clock.nowMs()).toBe(Date.parse('2026-03-01T10:00:01.500Z'));
    expect(clock.now().getTime()).toBe(clock.nowMs());
    clock.set(0);
    expect(clock.now().toISOString()).toBe('1970-01-01T00:00:00.000Z');
  });

  it('refuses to run backwards or by a non-number', () => {
    const clock = new ManualClock(1000);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
    expect(clock.nowMs()).toBe(1000);
  });
});
