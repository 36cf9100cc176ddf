import { defaultRoleOf, isConfiguredAdmin } from './default-role';

describe('isConfiguredAdmin', () => {
  const configured = ['alice', '1234567'];

  it('matches a username whatever its case, and a plex.tv id exactly', () => {
    expect(isConfiguredAdmin({ id: '99', username: 'ALICE' }, configured)).toBe(true);
    expect(isConfiguredAdmin({ id: '1234567', username: 'bob' }, configured)).toBe(true);
  });

  it('does not match other accounts, nor an id written as a username of another account', () => {
    expect(isConfiguredAdmin({ id: '99', username: 'bob' }, configured)).toBe(false);
    expect(isConfiguredAdmin({ id: '12345678', username: null }, configured)).toBe(false);
    expect(isConfiguredAdmin({ id: '99', username: null }, [])).toBe(false);
  });
});

describe('defaultRoleOf', () => {
  it('makes the owner and configured admins Admin, everyone else Guest', () => {
    expect(defaultRoleOf(true, false)).toBe('Admin');
    expect(defaultRoleOf(false, true)).toBe('Admin');
    expect(defaultRoleOf(false, false)).toBe('Guest');
  });
});
