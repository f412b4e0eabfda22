import { randomUUID } from 'node:crypto';
import type { Owner } from '@platform/contracts';

/** An owner of records and the two tenants that must never see them: another merchant, and the same merchant's other environment. */
export function ownerAndStrangers(): { owner: Owner; otherMerchant: Owner; otherEnvironment: Owner; strangers: Owner[] } {
  const run = randomUUID().slice(0, 8);
  const owner: Owner = { merchantCode: `MRC-A-${run}`, environment: 'sandbox' };
  const otherMerchant: Owner = { merchantCode: `MRC-B-${run}`, environment: 'sandbox' };
  const otherEnvironment: Owner = { merchantCode: owner.merchantCode, environment: 'live' };
  return { owner, otherMerchant, otherEnvironment, strangers: [otherMerchant, otherEnvironment] };
}
