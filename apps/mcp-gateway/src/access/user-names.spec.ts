import fc from 'fast-check';
import { ownerKeyOf } from '../mcp/sessions/session.registry';
import { confusableName, lookAlikePair } from './look-alike-names.spec-fixtures';
import type { Principal } from './principal';
import { isSameUser, userNameKey } from '../user-names/user-names';

const sso = (username: string): Principal => ({
  method: 'sso-header',
  username,
  identitySource: 'sso',
  roles: [],
  groups: [],
  sids: [],
  fullAdminClaim: false,
});

describe('user names', () => {
  it('are one user when they differ only in ASCII case', () => {
    expect(isSameUser('Karl', 'kARL')).toBe(true);
    expect(userNameKey('KARL')).toBe('karl');
  });

  it('never make look-alikes one user, nor one session owner', () => {
    fc.assert(
      fc.property(lookAlikePair, ({ name, lookAlike }) => {
        expect(isSameUser(name, lookAlike)).toBe(false);
        expect(ownerKeyOf(sso(name))).not.toBe(ownerKeyOf(sso(lookAlike)));
      }),
    );
  });

  it('give one session owner exactly to the names that are one user', () => {
    fc.assert(
      fc.property(confusableName, confusableName, (left, right) => {
        const sameByDefinition =
          left.replace(/[A-Z]/g, (c) => c.toLowerCase()) === right.replace(/[A-Z]/g, (c) => c.toLowerCase());
        expect(isSameUser(left, right)).toBe(sameByDefinition);
        expect(ownerKeyOf(sso(left)) === ownerKeyOf(sso(right))).toBe(sameByDefinition);
      }),
      { numRuns: 1000 },
    );
  });
});
