import { Decimal } from '@platform/money';
import { z } from 'zod';
import { ApiError, Errors } from '@platform/contracts';

/**
 * From which amount, per currency, a second operator must approve a withdrawal before it is
 * sent, or a refund before it is completed (issue 22): `TRY:100000.00,USD:2500.00`. A currency
 * not listed always needs the second operator: a forgotten currency fails safe.
 */
export const FourEyesFields = {
  FOUR_EYES_MIN_AMOUNTS: z
    .string()
    .default('TRY:100000.00,USD:2500.00,EUR:2500.00')
    .transform((value, ctx) => {
      const limits = new Map<string, Decimal>();
      for (const entry of value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)) {
        const match = /^([A-Z]{3}):(\d{1,15}\.\d{2})$/.exec(entry);
        if (!match) {
          ctx.addIssue({ code: 'custom', message: `"${entry}" is not CURRENCY:amount with two decimals` });
          return z.NEVER;
        }
        limits.set(match[1]!, new Decimal(match[2]!));
      }
      return limits;
    }),
};

/** The gateway's actor for the bootstrap ADMIN_TOKEN (AdminAuthGuard). */
export const BOOTSTRAP_OPERATOR = 'admin-token';

export function needsSecondOperator(limits: ReadonlyMap<string, Decimal>, amount: string, currency: string): boolean {
  const from = limits.get(currency);
  return from === undefined || new Decimal(amount).greaterThanOrEqualTo(from);
}

/**
 * The four-eyes rule at the moment money leaves: above the limit, someone must have approved,
 * and not the operator finishing it. `what` names the step for the refusal (409 1000015).
 */
export function checkFourEyes(
  limits: ReadonlyMap<string, Decimal>,
  money: { amount: string; currency: string; approvedBy: string | null },
  operator: string,
  what: string,
): void {
  if (!needsSecondOperator(limits, money.amount, money.currency)) return;
  // The bootstrap token is shared and names nobody: it can be neither of the two pairs of eyes.
  if (operator === BOOTSTRAP_OPERATOR || money.approvedBy === BOOTSTRAP_OPERATOR)
    throw new ApiError(Errors.SecondOperatorRequired, `the bootstrap admin token names no person: two named operators must approve and finish this`);
  if (money.approvedBy === null)
    throw new ApiError(Errors.SecondOperatorRequired, `${money.amount} ${money.currency} needs a second operator's approval before it is ${what}`);
  if (money.approvedBy === operator)
    throw new ApiError(
      Errors.SecondOperatorRequired,
      `${operator} approved this; another operator must be the one who ${what === 'sent' ? 'sends' : 'completes'} it`,
    );
}
