export const ENVIRONMENTS = ['sandbox', 'live'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export function isEnvironment(value: unknown): value is Environment {
  return value === 'sandbox' || value === 'live';
}

/**
 * The merchant environment a record belongs to. Every repository method that reads or
 * changes a merchant's record takes one as a required argument (ADR 0021).
 */
export interface Owner {
  merchantCode: string;
  environment: Environment;
}

/** Who a command acts for: every command carries it so that services never trust a payload's own claim. */
export interface Caller extends Owner {
  /**
   * The version of the merchant's settings the gateway authenticated against: a service
   * whose local copy is older waits for it, so an operator's change is seen by the next call.
   */
  settingsVersion?: number;
}
