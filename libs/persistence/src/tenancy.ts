import type { Environment, Owner } from '@platform/contracts';

/**
 * A query over one merchant's records: the owner is part of the filter's type, so leaving
 * it out is a type error (novu's `EnforceOrgId`, for raw SQL). Methods that read across
 * merchants are named `...ForOperator` and take an {@link OperatorFilter} instead.
 */
export type OwnedFilter<Filter extends object = object> = Filter & { readonly owner: Owner };

/** An operator's query across merchants, optionally narrowed to one environment; it cannot carry an owner. */
export type OperatorFilter<Filter extends object = object> = Filter & { readonly environment?: Environment } & Partial<Record<'owner', never>>;

/** The owner of a row already read (operator decisions, sweeps, a customer's page reached by its token). */
export function ownerOf(row: { merchant_code: string; environment: Environment }): Owner {
  return { merchantCode: row.merchant_code, environment: row.environment };
}

/** The two query parameters that scope a statement to its owner, in the order `merchant_code, environment`. */
export function ownerParams(owner: Owner): [string, Environment] {
  return [owner.merchantCode, owner.environment];
}
