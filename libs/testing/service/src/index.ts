// Test support: a service booted as in production against a fresh test database, the
// suite of behaviour every service promises, and a table of every route with its access rule.
export { describeServiceBasics } from './describe-service-basics';
export {
  OPENAPI_DOCS_ROUTES,
  OUTSIDE_NEST,
  routeAccessTable,
  SERVICE_KIT_ROUTES,
  UNDECLARED,
} from './route-access-table';
export { startServiceOn, startTestService } from './test-service';
export type { TestService } from './test-service';
