import { describe, expect, it } from '@jest/globals';
import { ConfigurationError, loadConfig } from '@platform/service-kit';
import { BridgeConfig } from './bridge-config';

const DEFAULTS = { PORT: '8082', DATABASE_DATA_DIR: './.data/term-bridge' };

function load(environment: Record<string, string>): BridgeConfig {
  return loadConfig(BridgeConfig, environment, DEFAULTS);
}

describe('bridge configuration', () => {
  it('refuses to start without an API key', () => {
    expect(() => load({})).toThrow(ConfigurationError);
    expect(() => load({})).toThrow(/TERM_BRIDGE_API_KEY: must be set/);
    expect(() => load({ TERM_BRIDGE_API_KEY: '' })).toThrow(/TERM_BRIDGE_API_KEY/);
  });

  it('starts without a key only with the explicit insecure development flag', () => {
    const config = load({ TERM_BRIDGE_INSECURE_NO_AUTH: 'true' });
    expect(config.TERM_BRIDGE_API_KEY).toBeUndefined();
    expect(config.TERM_BRIDGE_INSECURE_NO_AUTH).toBe(true);
  });

  it('runs without a key only on a loopback HOST', () => {
    for (const host of ['127.0.0.1', '::1', 'localhost', '127.0.0.2']) {
      expect(load({ TERM_BRIDGE_INSECURE_NO_AUTH: 'true', HOST: host }).HOST).toBe(host);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'bridge.internal']) {
      expect(() => load({ TERM_BRIDGE_INSECURE_NO_AUTH: 'true', HOST: host })).toThrow(
        /TERM_BRIDGE_INSECURE_NO_AUTH: requires HOST to be a loopback address/,
      );
      expect(load({ TERM_BRIDGE_API_KEY: 'k', HOST: host }).HOST).toBe(host);
    }
  });

  it('uses the spec defaults', () => {
    const config = load({ TERM_BRIDGE_API_KEY: 'sk-test' });
    expect(config.settleTimings()).toEqual({ quietMs: 800, firstOutputMs: 3000, maxMs: 30_000 });
    expect(config.TERM_BRIDGE_STREAM_IDLE_MS).toBe(30_000);
    expect(config.TERM_BRIDGE_ENTER_DELAY_MS).toBe(120);
    expect(config.TERM_BRIDGE_MAX_MESSAGES).toBe(10_000);
    expect(config.TERM_BRIDGE_MAX_SESSIONS).toBe(50);
    expect(config.TERM_BRIDGE_MAX_QUEUED_PER_SESSION).toBe(4);
    expect(config.TERM_BRIDGE_SESSION_START_MS).toBe(10_000);
    expect(config.tmuxServer()).toEqual({ binary: 'tmux' });
  });

  it('selects a tmux server by socket name or path, not both', () => {
    expect(load({ TERM_BRIDGE_API_KEY: 'k', TERM_BRIDGE_TMUX_SOCKET: 'bridge' }).tmuxServer()).toEqual({
      binary: 'tmux',
      socketName: 'bridge',
    });
    expect(
      load({ TERM_BRIDGE_API_KEY: 'k', TERM_BRIDGE_TMUX_SOCKET_PATH: '/run/tmux/s' }).tmuxServer(),
    ).toEqual({
      binary: 'tmux',
      socketPath: '/run/tmux/s',
    });
    expect(() =>
      load({
        TERM_BRIDGE_API_KEY: 'k',
        TERM_BRIDGE_TMUX_SOCKET: 'a',
        TERM_BRIDGE_TMUX_SOCKET_PATH: '/tmp/s',
      }),
    ).toThrow(/cannot be combined/);
    expect(() => load({ TERM_BRIDGE_API_KEY: 'k', TERM_BRIDGE_TMUX_SOCKET: '../x y' })).toThrow(
      /socket name/,
    );
  });

  it('rejects caps that would refuse everything', () => {
    expect(() => load({ TERM_BRIDGE_API_KEY: 'k', TERM_BRIDGE_MAX_SESSIONS: '0' })).toThrow(
      /TERM_BRIDGE_MAX_SESSIONS/,
    );
    expect(() => load({ TERM_BRIDGE_API_KEY: 'k', TERM_BRIDGE_MAX_MESSAGES: '0' })).toThrow(
      /TERM_BRIDGE_MAX_MESSAGES/,
    );
    expect(
      load({ TERM_BRIDGE_API_KEY: 'k', TERM_BRIDGE_MAX_QUEUED_PER_SESSION: '0' })
        .TERM_BRIDGE_MAX_QUEUED_PER_SESSION,
    ).toBe(0);
  });

  it('rejects out-of-range timings without echoing values', () => {
    expect(() => load({ TERM_BRIDGE_API_KEY: 'secret-key', TERM_BRIDGE_QUIESCENCE_MS: '0' })).toThrow(
      /TERM_BRIDGE_QUIESCENCE_MS/,
    );
    expect(() => load({ TERM_BRIDGE_API_KEY: 'k', TERM_BRIDGE_SESSION_START_MS: '120001' })).toThrow(
      /TERM_BRIDGE_SESSION_START_MS/,
    );
    expect(
      load({ TERM_BRIDGE_API_KEY: 'k', TERM_BRIDGE_SESSION_START_MS: '0' }).TERM_BRIDGE_SESSION_START_MS,
    ).toBe(0);
    const withSpace = () => load({ TERM_BRIDGE_API_KEY: 'secret key' });
    expect(withSpace).toThrow(/TERM_BRIDGE_API_KEY: must not contain whitespace/);
    expect(withSpace).not.toThrow(/secret key/);
  });
});
