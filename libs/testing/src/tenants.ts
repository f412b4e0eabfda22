import { randomUUID } from 'node:crypto';
import { ApiError, type Owner } from '@platform/contracts';

/** An owner of records and the two tenants that must never see them: another merchant, and the same merchant's other environment. */
export function ownerAndStrangers(): { owner: Owner; otherMerchant: Owner; otherEnvironment: Owner; strangers: Owner[] } {
  const run = randomUUID().slice(0, 8);
  const owner: Owner = { merchantCode: `MRC-A-${run}`, environment: 'sandbox' };
  const otherMerchant: Owner = { merchantCode: `MRC-B-${run}`, environment: 'sandbox' };
  const otherEnvironment: Owner = { merchantCode: owner.merchantCode, environment: 'live' };
  return { owner, otherMerchant, otherEnvironment, strangers: [otherMerchant, otherEnvironment] };
}

/** Every result is a refusal with `code` (an `ApiError`): what a stranger's read, or a read of nothing, must get. */
export function expectEachRefusedWith(results: PromiseSettledResult<unknown>[], code: string): void {
  for (const result of results) {
    expect(result.status).toBe('rejected');
    const error = (result as PromiseRejectedResult).reason as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe(code);
  }
}
