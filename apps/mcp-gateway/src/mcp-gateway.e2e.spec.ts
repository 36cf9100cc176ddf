import { describeServiceBasics } from '@platform/testing-service';
import { GATEWAY_SERVICE } from './mcp-gateway.service';

describeServiceBasics(GATEWAY_SERVICE);
