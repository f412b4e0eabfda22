import Iyzipay from 'iyzipay';
import type { AuthorisationOutcome, AuthorisationRequest, AuthorisationStart, CardProcessor, ChallengeAnswer } from '../card-processor';
import { declineReason, threeDsAuthenticated } from './iyzico-declines';

export interface IyzicoSettings {
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  /** A call unanswered by then leaves the attempt pending; it is looked up later. */
  timeoutMs: number;
}

interface IyzicoState {
  conversationId: string;
  paymentId?: string;
}

class NoAnswer extends Error {}

/**
 * Live card payments through iyzico's 3-D Secure API with its official SDK: initialize
 * (the bank's page for the customer), the bank's return to our callback, auth, and a lookup
 * of payments left pending by a timeout. No card data is kept in the state.
 */
export class IyzicoCardProcessor implements CardProcessor {
  readonly name = 'iyzico';
  private readonly client: Iyzipay;

  constructor(private readonly settings: IyzicoSettings) {
    this.client = new Iyzipay({ apiKey: settings.apiKey, secretKey: settings.secretKey, uri: settings.baseUrl });
  }

  async start(request: AuthorisationRequest): Promise<AuthorisationStart> {
    const state: IyzicoState = { conversationId: request.reference };
    let answer: Record<string, unknown>;
    try {
      answer = await this.call(this.client.threedsInitialize, 'create', initializeRequest(request));
    } catch (error) {
      if (error instanceof NoAnswer) return { kind: 'no_answer', state: JSON.stringify(state) };
      throw error;
    }
    if (answer.status !== 'success') return { kind: 'declined', reason: declineReason(answer.errorCode) };
    const html = typeof answer.threeDSHtmlContent === 'string' ? Buffer.from(answer.threeDSHtmlContent, 'base64').toString('utf8') : '';
    const paymentId = typeof answer.paymentId === 'string' ? answer.paymentId : undefined;
    return { kind: 'challenge', state: JSON.stringify({ ...state, paymentId }), bankPage: html };
  }

  async finish(rawState: string, answer: ChallengeAnswer): Promise<AuthorisationOutcome> {
    const state = parseState(rawState);
    // The bank's return is only a pointer: the outcome is what iyzico's auth call answers.
    if (answer.conversationId !== state.conversationId || (state.paymentId && answer.paymentId !== state.paymentId)) {
      return { status: 'failed', reason: 'three_ds_failed' };
    }
    if (answer.status !== 'success' || !threeDsAuthenticated(answer.mdStatus) || !answer.paymentId) return { status: 'failed', reason: 'three_ds_failed' };
    try {
      const auth = await this.call(this.client.threedsPayment, 'create', {
        locale: 'tr',
        conversationId: state.conversationId,
        paymentId: answer.paymentId,
        conversationData: answer.conversationData ?? '',
      });
      return paymentOutcome(auth);
    } catch (error) {
      if (error instanceof NoAnswer) return { status: 'pending' };
      throw error;
    }
  }

  async lookUp(rawState: string): Promise<AuthorisationOutcome> {
    const state = parseState(rawState);
    try {
      const payment = await this.call(this.client.payment, 'retrieve', {
        locale: 'tr',
        conversationId: state.conversationId,
        paymentConversationId: state.conversationId,
        ...(state.paymentId ? { paymentId: state.paymentId } : {}),
      });
      return paymentOutcome(payment);
    } catch (error) {
      if (error instanceof NoAnswer) return { status: 'pending' };
      throw error;
    }
  }

  /** The SDK's callback as a promise, cut at the timeout: a late answer is looked up later. */
  private call(resource: Iyzipay['payment'], method: 'create' | 'retrieve', request: Record<string, unknown>): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new NoAnswer('iyzico did not answer in time')), this.settings.timeoutMs);
      resource[method](request, (error, result) => {
        clearTimeout(timer);
        if (error || !result || typeof result !== 'object') reject(new NoAnswer(error?.message ?? 'no answer from iyzico'));
        else resolve(result);
      });
    });
  }
}

function parseState(raw: string): IyzicoState {
  const parsed = JSON.parse(raw) as IyzicoState;
  if (typeof parsed.conversationId !== 'string') throw new Error('iyzico state without a conversation id');
  return parsed;
}

/** An auth or detail answer: paid, declined with the mapped reason, or still open. */
function paymentOutcome(answer: Record<string, unknown>): AuthorisationOutcome {
  if (answer.status !== 'success') return { status: 'failed', reason: declineReason(answer.errorCode) };
  switch (answer.paymentStatus) {
    case 'SUCCESS':
      return { status: 'paid' };
    case 'FAILURE':
      return { status: 'failed', reason: declineReason(answer.errorCode) };
    default:
      return answer.paymentStatus === undefined ? { status: 'paid' } : { status: 'pending' };
  }
}

/**
 * iyzico's create-payment body. The buyer and addresses are required by the API; the
 * platform does not collect them, so the card holder's name and neutral values stand in.
 */
function initializeRequest(request: AuthorisationRequest): Record<string, unknown> {
  const [name, ...rest] = request.card.holderName.trim().split(/\s+/);
  const surname = rest.join(' ') || name;
  const address = { contactName: request.card.holderName, city: 'Istanbul', country: 'Turkey', address: 'N/A' };
  return {
    locale: 'tr',
    conversationId: request.reference,
    price: request.amount,
    paidPrice: request.amount,
    currency: request.currency,
    installment: '1',
    basketId: request.reference,
    paymentChannel: 'WEB',
    paymentGroup: 'PRODUCT',
    callbackUrl: request.callbackUrl,
    paymentCard: {
      cardHolderName: request.card.holderName,
      cardNumber: request.card.number,
      expireMonth: request.card.expiryMonth,
      expireYear: `20${request.card.expiryYear}`,
      cvc: request.card.cvv,
      registerCard: '0',
    },
    buyer: {
      id: request.reference,
      name,
      surname,
      email: 'customer@invalid.example',
      identityNumber: '11111111111',
      registrationAddress: address.address,
      ip: request.customerIp ?? '127.0.0.1',
      city: address.city,
      country: address.country,
    },
    shippingAddress: address,
    billingAddress: address,
    basketItems: [{ id: request.reference, name: 'Order', category1: 'General', itemType: 'VIRTUAL', price: request.amount }],
  };
}
