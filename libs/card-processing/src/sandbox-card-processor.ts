import type { AuthorisationOutcome, AuthorisationRequest, AuthorisationStart, CardProcessor, ChallengeAnswer } from './card-processor';

type Scenario = 'approve' | 'insufficient_funds' | 'stay_pending' | 'customer_choice';
const SCENARIOS = new Set<string>(['approve', 'insufficient_funds', 'stay_pending', 'customer_choice']);

/**
 * The spec's sandbox: its test cards on our own 3-D Secure test screen (the customer's button
 * is the answer) for direct orders and the v3 page, and without a challenge on the v4 hosted
 * page. It serves sandbox only.
 */
export class SandboxCardProcessor implements CardProcessor {
  readonly name = 'sandbox';

  async start(request: AuthorisationRequest): Promise<AuthorisationStart> {
    return request.channel === 'hosted_page' ? this.hosted(request.card.number) : this.direct(request.card.number);
  }

  /** Leaving the screen (timeout) always leaves the order pending: the bank has not answered. */
  async finish(state: string, answer: ChallengeAnswer): Promise<AuthorisationOutcome> {
    const scenario = SCENARIOS.has(state) ? (state as Scenario) : 'customer_choice';
    const choice = answer.result;
    if (choice === 'timeout' || scenario === 'stay_pending') return { status: 'pending' };
    if (scenario === 'insufficient_funds') return { status: 'failed', reason: 'insufficient_funds' };
    return choice === 'success' ? { status: 'paid' } : { status: 'failed', reason: 'payment_declined' };
  }

  /** A sandbox order left pending is closed with the sandbox result endpoint, never by the bank. */
  async lookUp(): Promise<AuthorisationOutcome> {
    return { status: 'pending' };
  }

  private direct(number: string): AuthorisationStart {
    const challenge = (scenario: Scenario): AuthorisationStart => ({ kind: 'challenge', state: scenario, bankPage: null });
    switch (number) {
      case '4355090000040000':
        return { kind: 'declined', reason: 'payment_declined' };
      case '4355090000044242':
        return challenge('approve');
      case '4355090000005151':
        return challenge('insufficient_funds');
      case '4355090000089999':
        return challenge('stay_pending');
      default:
        return challenge('customer_choice');
    }
  }

  /** On the hosted page a declined card is a failed attempt: the order stays open for another card. */
  private hosted(number: string): AuthorisationStart {
    switch (number) {
      case '4355090000005151':
        return { kind: 'declined', reason: 'insufficient_funds' };
      case '4355090000040000':
        return { kind: 'declined', reason: 'payment_declined' };
      case '4355090000089999':
        return { kind: 'no_answer', state: null };
      default:
        return { kind: 'approved', state: 'approve' };
    }
  }
}
