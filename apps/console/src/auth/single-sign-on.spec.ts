import { roleFromClaim } from './single-sign-on';

describe('roleFromClaim', () => {
  it.each<[unknown, string | undefined]>([
    [['staff', 'finance'], 'finance'],
    [['viewer', 'admin', 'support'], 'admin'],
    ['support viewer', 'support'],
    ['support,finance', 'finance'],
    [['staff', 'Admin'], undefined],
    [['administrators'], undefined],
    [[42, { role: 'admin' }], undefined],
    [undefined, undefined],
  ])('reads %j as %s', (claim, role) => {
    expect(roleFromClaim(claim)).toBe(role);
  });
});
