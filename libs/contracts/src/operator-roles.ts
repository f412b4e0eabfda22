/**
 * Who may do what in the operator API (issue 22). Every role reads; each change needs a
 * capability its role holds. A route that changes something and names no capability is for
 * admins only: forgetting to name one fails closed.
 */
export const OPERATOR_ROLES = ['viewer', 'support', 'finance', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export type OperatorCapability =
  /** Move disputes through review (support work with the acquirer); recording one debits the wallet, so it is `money`. */
  | 'disputes'
  /** Invite a merchant's panel users. */
  | 'merchant_users'
  /** Money: refunds and voids, withdrawals, hand adjustments, bank confirmations, parked money events, recording and resolving disputes. */
  | 'money'
  /** FX and USDT rates. */
  | 'rates'
  /** Merchants, their keys and environment settings. */
  | 'merchants'
  /** The BIN table and maintenance switches. */
  | 'platform'
  /** Operator tokens: issue and revoke. */
  | 'operators';

const CAPABILITIES: Record<OperatorRole, ReadonlySet<OperatorCapability>> = {
  viewer: new Set(),
  support: new Set(['disputes', 'merchant_users']),
  finance: new Set(['money', 'rates', 'disputes']),
  admin: new Set(['disputes', 'merchant_users', 'money', 'rates', 'merchants', 'platform', 'operators']),
};

export function roleMay(role: OperatorRole, capability: OperatorCapability): boolean {
  return CAPABILITIES[role].has(capability);
}

/** A decision command's request before the guard's operator is added (one variant at a time). */
export type WithoutOperator<T> = T extends unknown ? Omit<T, 'operator'> : never;
