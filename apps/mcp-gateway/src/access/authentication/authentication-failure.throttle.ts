// Bounds how many authentication failures are written to the audit log per second. Each
// failure is a database write, so an unbounded log would let anyone with a loop turn garbage
// credentials into write load; beyond the cap, failures are counted and the count is attached
// to the next failure that is written.
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@platform/service-kit';

const MAX_WRITES_PER_SECOND = 20;

@Injectable()
export class AuthenticationFailureThrottle {
  private windowStart = 0;
  private writesInWindow = 0;
  private suppressed = 0;

  constructor(@Inject(CLOCK) private readonly clock: Clock) {}

  /** Undefined: skip this write. A number: write, with that many suppressed failures before it. */
  admit(now = this.clock.nowMs()): number | undefined {
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.writesInWindow = 0;
    }
    if (this.writesInWindow >= MAX_WRITES_PER_SECOND) {
      this.suppressed += 1;
      return undefined;
    }
    this.writesInWindow += 1;
    const suppressed = this.suppressed;
    this.suppressed = 0;
    return suppressed;
  }
}
