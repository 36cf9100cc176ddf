import { ManualClock } from '@platform/service-kit';
import { AuthenticationFailureThrottle } from './authentication-failure.throttle';

describe('AuthenticationFailureThrottle', () => {
  it('admits 20 writes per second and counts the rest into the first write of the next second', () => {
    const clock = new ManualClock();
    const throttle = new AuthenticationFailureThrottle(clock);
    const first = Array.from({ length: 20 }, () => throttle.admit());
    expect(first).toEqual(Array.from({ length: 20 }, () => 0));
    expect(throttle.admit()).toBeUndefined();
    expect(throttle.admit()).toBeUndefined();
    clock.advance(999);
    expect(throttle.admit()).toBeUndefined();
    clock.advance(1);
    expect(throttle.admit()).toBe(3);
    expect(throttle.admit()).toBe(0);
  });
});
