import { describeServiceBasics } from '@platform/testing-service';
import { BRIDGE_SERVICE } from './term-bridge.service';

describeServiceBasics(BRIDGE_SERVICE);
