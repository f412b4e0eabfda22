import { KAFKAJS_VERSION, REQUEST_TIMEOUT_CHECK_MS, RequestQueue, checkRequestTimeoutsEverySecond, fixIdleRequestQueueLoop } from './kafkajs-request-queue';

const silent = { debug: () => undefined, warn: () => undefined, error: () => undefined, info: () => undefined };

/** Every queue a test made, closed after it: the shared sweep's timer outlives no test. */
const made: { destroy(): void }[] = [];

function queue(enforceRequestTimeout = false, isConnected = () => true, requestTimeout = 30_000) {
  const requests = new RequestQueue({
    instrumentationEmitter: null,
    maxInFlightRequests: 1,
    requestTimeout,
    enforceRequestTimeout,
    clientId: 'spec',
    broker: '127.0.0.1:9092',
    logger: silent,
    isConnected,
  });
  made.push(requests);
  return requests;
}

function pendingRequest(sent: number[], id: number, failed: Error[] = []) {
  return {
    entry: { correlationId: id, apiKey: 1, apiName: 'Fetch', apiVersion: 11, resolve: () => undefined, reject: (error: Error) => failed.push(error) },
    expectResponse: true,
    sendRequest: () => sent.push(id),
  };
}

describe('kafkajs request queue', () => {
  beforeAll(() => {
    fixIdleRequestQueueLoop();
    checkRequestTimeoutsEverySecond();
  });
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    for (const requests of made.splice(0)) requests.destroy();
    jest.useRealTimers();
  });

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

  it('sweeps in-flight requests for their timeout once a second (kafkajs: every 100 ms, on every connection), and still times them out', () => {
    const sweeps = jest.fn(() => true);
    const requests = queue(true, sweeps);
    const sent: number[] = [];
    const failed: Error[] = [];
    requests.scheduleRequestTimeoutCheck();
    requests.push(pendingRequest(sent, 1, failed));
    jest.advanceTimersByTime(10 * REQUEST_TIMEOUT_CHECK_MS);
    expect(sweeps).toHaveBeenCalledTimes(10);
    expect(failed).toEqual([]);
    // Sent at 0 with a 30 s timeout: the first sweep past 30 s rejects it.
    jest.advanceTimersByTime(21 * REQUEST_TIMEOUT_CHECK_MS);
    expect(sent).toEqual([1]);
    expect(failed.map((error) => error.name)).toEqual(['KafkaJSRequestTimeoutError']);
    requests.destroy();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('sweeps every connection of the process on one timer, and keeps none once they are all closed', () => {
    const sweeps = [jest.fn(() => true), jest.fn(() => true), jest.fn(() => true)];
    const connections = sweeps.map((isConnected) => queue(true, isConnected));
    for (const connection of connections) connection.scheduleRequestTimeoutCheck();
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(3 * REQUEST_TIMEOUT_CHECK_MS);
    for (const sweep of sweeps) expect(sweep).toHaveBeenCalledTimes(3);
    connections[0].destroy();
    jest.advanceTimersByTime(REQUEST_TIMEOUT_CHECK_MS);
    expect(sweeps.map((sweep) => sweep.mock.calls.length)).toEqual([3, 4, 4]);
    // A connection found closed leaves the sweep; the last one out takes the timer with it.
    sweeps[1].mockReturnValue(false);
    jest.advanceTimersByTime(REQUEST_TIMEOUT_CHECK_MS);
    jest.advanceTimersByTime(REQUEST_TIMEOUT_CHECK_MS);
    expect(sweeps.map((sweep) => sweep.mock.calls.length)).toEqual([3, 5, 6]);
    expect(jest.getTimerCount()).toBe(1);
    connections[2].destroy();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('sweeps a connection that reconnects once a tick, not once per connect', () => {
    const sweeps = jest.fn(() => true);
    const requests = queue(true, sweeps);
    requests.scheduleRequestTimeoutCheck();
    requests.scheduleRequestTimeoutCheck();
    jest.advanceTimersByTime(2 * REQUEST_TIMEOUT_CHECK_MS);
    expect(sweeps).toHaveBeenCalledTimes(2);
    expect(jest.getTimerCount()).toBe(1);
  });

  it("keeps kafkajs's own 100 ms sweep for a client whose requests time out in less than the shared period", () => {
    const requests = queue(true, () => true, 300);
    const failed: Error[] = [];
    requests.scheduleRequestTimeoutCheck();
    requests.push(pendingRequest([], 1, failed));
    jest.advanceTimersByTime(400);
    expect(failed.map((error) => error.name)).toEqual(['KafkaJSRequestTimeoutError']);
  });
});
