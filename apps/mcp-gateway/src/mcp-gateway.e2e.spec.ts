import { describeServiceBasics } from '@platform/testing-service';
import { gatewayForTests } from './gateway.test-definition';

describeServiceBasics(gatewayForTests().definition);
