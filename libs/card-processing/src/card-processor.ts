/**
 * The bank side of a card payment, behind a port: the sandbox simulator serves sandbox only;
 * live goes through a connector chosen by configuration (ADR 0014).
 */
export interface CardForAuthorisation {
  number: string;
  expiryMonth: string;
  expiryYear: string;
  cvv: string;
  holderName: string;
}

export interface AuthorisationRequest {
  /** Ours, stable for this attempt: the acquirer's conversation id. */
  reference: string;
  amount: string;
  currency: string;
  card: CardForAuthorisation;
  /** Where the bank sends the customer's browser back after 3-D Secure. */
  callbackUrl: string;
  /** `direct`: the merchant sent the card; otherwise the customer typed it on our v4 hosted page or v3 payment page. */
  channel: 'direct' | 'hosted_page' | 'payment_page';
  customerIp?: string;
}

/**
 * `challenge`: 3-D Secure is needed; `bankPage` is the HTML to show the customer (null for the
 * simulator's own test screen), `state` is what finishing needs later (never card data).
 * `approved`: paid without a challenge. `no_answer`: the bank did not answer in time, so the
 * outcome is unknown and must be looked up later.
 */
export type AuthorisationStart =
  | { kind: 'challenge'; state: string; bankPage: string | null }
  | { kind: 'approved'; state: string }
  | { kind: 'declined'; reason: string }
  | { kind: 'no_answer'; state: string | null };

export type AuthorisationOutcome = { status: 'paid' } | { status: 'failed'; reason: string } | { status: 'pending' };

/** What came back with the customer: the simulator's button, or the fields the bank posted. */
export type ChallengeAnswer = Readonly<Record<string, string>>;

export interface CardProcessor {
  /** Kept with each attempt, so that it is finished by the processor that started it. */
  readonly name: string;
  start(request: AuthorisationRequest): Promise<AuthorisationStart>;
  finish(state: string, answer: ChallengeAnswer): Promise<AuthorisationOutcome>;
  /** The final outcome of an authorisation left pending, when the processor can tell. */
  lookUp(state: string): Promise<AuthorisationOutcome>;
}

export type ThreeDsChoice = 'success' | 'failure' | 'timeout';
