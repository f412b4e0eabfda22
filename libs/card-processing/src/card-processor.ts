/** The bank side of a card payment, behind a port: the sandbox simulator today, a real connector later. */
export interface CardForAuthorisation {
  number: string;
  expiryMonth: string;
  expiryYear: string;
  cvv: string;
  holderName: string;
}

export type ThreeDsScenario = 'approve' | 'insufficient_funds' | 'stay_pending' | 'customer_choice';

export type AuthorisationStart = { kind: 'three_ds_required'; scenario: ThreeDsScenario } | { kind: 'declined'; reason: string };

export type ThreeDsChoice = 'success' | 'failure' | 'timeout';

export type ThreeDsOutcome = { status: 'paid' } | { status: 'failed'; reason: string } | { status: 'pending' };

export type HostedOutcome = { status: 'paid' } | { status: 'attempt_failed'; reason: string } | { status: 'pending' };

/** Injection token of the bank port; the sandbox simulator is bound until a real connector is configured. */
export const CARD_PROCESSOR = Symbol('CARD_PROCESSOR');

export interface CardProcessor {
  hostedAttempt(card: CardForAuthorisation): HostedOutcome;
  start(card: CardForAuthorisation, amount: string): AuthorisationStart;
  finishThreeDs(scenario: ThreeDsScenario, choice: ThreeDsChoice): ThreeDsOutcome;
}

/** The spec's sandbox test cards: 4355090000040000 declines before 3-D Secure, every other valid card asks for it. */
export class SandboxCardProcessor implements CardProcessor {
  start(card: CardForAuthorisation): AuthorisationStart {
    switch (card.number) {
      case '4355090000040000':
        return { kind: 'declined', reason: 'payment_declined' };
      case '4355090000044242':
        return { kind: 'three_ds_required', scenario: 'approve' };
      case '4355090000005151':
        return { kind: 'three_ds_required', scenario: 'insufficient_funds' };
      case '4355090000089999':
        return { kind: 'three_ds_required', scenario: 'stay_pending' };
      default:
        return { kind: 'three_ds_required', scenario: 'customer_choice' };
    }
  }

  /**
   * On the hosted page a declined card is a failed attempt: the order stays open for
   * another card until it expires (the spec's state table).
   */
  hostedAttempt(card: CardForAuthorisation): HostedOutcome {
    switch (card.number) {
      case '4355090000005151':
        return { status: 'attempt_failed', reason: 'insufficient_funds' };
      case '4355090000040000':
        return { status: 'attempt_failed', reason: 'payment_declined' };
      case '4355090000089999':
        return { status: 'pending' };
      default:
        return { status: 'paid' };
    }
  }

  /** Leaving the screen (timeout) always leaves the order pending: the bank has not answered. */
  finishThreeDs(scenario: ThreeDsScenario, choice: ThreeDsChoice): ThreeDsOutcome {
    if (choice === 'timeout' || scenario === 'stay_pending') return { status: 'pending' };
    switch (scenario) {
      case 'approve':
        return choice === 'success' ? { status: 'paid' } : { status: 'failed', reason: 'payment_declined' };
      case 'insufficient_funds':
        return { status: 'failed', reason: 'insufficient_funds' };
      case 'customer_choice':
        return choice === 'success' ? { status: 'paid' } : { status: 'failed', reason: 'payment_declined' };
    }
  }
}
