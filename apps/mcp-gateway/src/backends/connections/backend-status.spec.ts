import { type BackendState, type BackendStatus, statusDetail } from './backend-status';

const state = (status: BackendStatus, lastError?: string): BackendState => ({
  status,
  attempts: 0,
  since: new Date(0),
  ...(lastError === undefined ? {} : { lastError }),
});

describe('statusDetail', () => {
  it.each([
    ['stdio', true, undefined, 'idle, starts on first use'],
    ['stdio', true, state('Disconnected'), 'idle, starts on first use'],
    ['stdio', true, state('Disconnected', 'process exited with code 1'), 'stopped, starts again on next use'],
    ['stdio', true, state('Connected'), undefined],
    ['stdio', true, state('Failed', 'shell refused'), undefined],
    ['stdio', false, state('Disabled'), undefined],
    ['streamable', true, state('Disconnected'), undefined],
    ['sse', true, state('Retrying', 'refused'), undefined],
  ] as const)('%s enabled=%s %j → %j', (type, enabled, current, expected) => {
    expect(statusDetail(type, enabled, current)).toBe(expected);
  });
});
