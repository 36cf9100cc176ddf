import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INHERITED_VARIABLES, tmuxEnvironment, tmuxWorkingDirectory } from './tmux-process';

describe('the environment of tmux processes', () => {
  it('keeps the process basics and drops the bridge’s settings, secrets and tmux’s own variables', () => {
    const environment = tmuxEnvironment({
      PATH: '/usr/bin:/bin',
      HOME: '/home/me',
      LANG: 'C.UTF-8',
      LC_TIME: 'en_GB.UTF-8',
      TMUX_TMPDIR: '/run/tmux',
      TERM_BRIDGE_API_KEY: 'sk-secret',
      DATABASE_URL: 'postgres://user:password@db/x',
      PORT: '8082',
      LC_SECRET: 'smuggled through AcceptEnv LC_*',
      SSH_AUTH_SOCK: '/tmp/ssh-x/agent.1',
      TMUX: '/tmp/tmux-1000/default,1,0',
      TMUX_PANE: '%0',
      NODE_OPTIONS: '--require /tmp/x.js',
    });
    expect(environment).toEqual({
      PATH: '/usr/bin:/bin',
      HOME: '/home/me',
      LANG: 'C.UTF-8',
      LC_TIME: 'en_GB.UTF-8',
      TMUX_TMPDIR: '/run/tmux',
    });
  });

  it('passes on exactly the allow-listed variables that are set, unchanged (property)', () => {
    const name = fc.oneof(
      fc.constantFrom(...INHERITED_VARIABLES),
      fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,20}$/),
      fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty'),
    );
    fc.assert(
      fc.property(fc.dictionary(name, fc.string()), (base) => {
        const environment = tmuxEnvironment(base);
        for (const key of Object.keys(environment)) expect(INHERITED_VARIABLES).toContain(key);
        for (const key of INHERITED_VARIABLES) {
          expect(environment[key]).toBe(Object.hasOwn(base, key) ? base[key] : undefined);
        }
      }),
    );
  });

  it('does not read inherited properties of the base object', () => {
    const base = Object.create({ PATH: '/from/the/prototype' }) as Record<string, string>;
    expect(tmuxEnvironment(base)).toEqual({});
  });
});

describe('the working directory of tmux processes', () => {
  it('is the home directory when it exists, otherwise the root', () => {
    const home = mkdtempSync(join(tmpdir(), 'tb-home-'));
    try {
      expect(tmuxWorkingDirectory(home)).toBe(home);
      expect(tmuxWorkingDirectory(join(home, 'missing'))).toBe('/');
      writeFileSync(join(home, 'file'), '');
      expect(tmuxWorkingDirectory(join(home, 'file'))).toBe('/');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
