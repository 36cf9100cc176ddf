// Test support: a service booted as in production against a fresh test database, and the
// suite of behaviour every service promises.
export { describeServiceBasics } from './describe-service-basics';
export { startServiceOn, startTestService } from './test-service';
export type { TestService } from './test-service';
