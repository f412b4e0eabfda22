import { KAFKAJS_VERSION, RequestQueue, fixIdleRequestQueueLoop } from './kafkajs-request-queue';

const silent = { debug: () => undefined, warn: () => undefined, error: () => undefined, info: () => undefined };

function queue() {
  return new RequestQueue({
    instrumentationEmitter: null,
    maxInFlightRequests: 1,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'spec',
    broker: '127.0.0.1:9092',
    logger: silent,
    isConnected: () => true,
  });
}

function pendingRequest(sent: number[], id: number) {
  return {
    entry: { correlationId: id, apiKey: 1, apiName: 'Fetch', apiVersion: 11, resolve: () => undefined, reject: () => undefined },
    expectResponse: true,
    sendRequest: () => sent.push(id),
  };
}

describe('kafkajs request queue', () => {
  beforeAll(() => fixIdleRequestQueueLoop());
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is the kafkajs version the fix was written against', () => {
    // A newer kafkajs may have fixed it differently: read its RequestQueue again before bumping.
    expect(KAFKAJS_VERSION).toBe('2.2.4');
  });

  it('keeps no timer once a response leaves nothing pending (kafkajs 2.2.4 re-armed one every millisecond forever)', () => {
    const requests = queue();
    const sent: number[] = [];
    requests.push(pendingRequest(sent, 1));
    requests.fulfillRequest({ correlationId: 1, payload: Buffer.alloc(0), size: 0 });
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(1_000);
    expect(jest.getTimerCount()).toBe(0);
    expect(sent).toEqual([1]);
  });

  it('still sends what waited for a free in-flight slot as soon as one frees', () => {
    const requests = queue();
    const sent: number[] = [];
    requests.push(pendingRequest(sent, 1));
    requests.push(pendingRequest(sent, 2));
    expect(sent).toEqual([1]);
    requests.fulfillRequest({ correlationId: 1, payload: Buffer.alloc(0), size: 0 });
    expect(sent).toEqual([1, 2]);
  });

  it('still sends what waited out a broker throttle once the throttle ends', () => {
    const requests = queue();
    const sent: number[] = [];
    requests.maybeThrottle(200);
    requests.push(pendingRequest(sent, 1));
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(199);
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(20);
    expect(sent).toEqual([1]);
    requests.fulfillRequest({ correlationId: 1, payload: Buffer.alloc(0), size: 0 });
    jest.advanceTimersByTime(1_000);
    expect(jest.getTimerCount()).toBe(0);
  });
});
