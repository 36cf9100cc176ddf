import { afterAll } from '@jest/globals';
import { TmuxTestServer } from '@platform/testing-bridge';
import { describeServiceBasics } from '@platform/testing-service';
import { BRIDGE_SERVICE } from './term-bridge.module';

const tmux = TmuxTestServer.create('basics');
afterAll(() => tmux.kill());

describeServiceBasics(BRIDGE_SERVICE, {
  TERM_BRIDGE_API_KEY: 'sk-basics',
  TERM_BRIDGE_TMUX_SOCKET: tmux.socketName,
});
