import { GetServiceStatus } from '@platform/contracts';
import type { Logger } from '@platform/observability';
import type { KafkaConnection } from './kafka-connection';
import { RpcClient } from './rpc-client';

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Logger;

/** A connection whose reply consumer starts at once and whose sends take `sendMs`, then fail or succeed. */
function connection(sendMs: number, outcome: 'fails' | 'succeeds'): KafkaConnection {
  const consumer = () => {
    let fetchStarted: () => void = () => undefined;
    return {
      events: { FETCH_START: 'consumer.fetch_start' },
      on: (_event: string, listener: () => void) => {
        fetchStarted = listener;
        return () => undefined;
      },
      connect: async () => undefined,
      subscribe: async () => undefined,
      run: async () => fetchStarted(),
      disconnect: async () => undefined,
    };
  };
  const send = () => new Promise<void>((resolve, reject) => setTimeout(() => (outcome === 'fails' ? reject(new Error('broker down')) : resolve()), sendMs));
  return {
    settings: { clientId: 'spec' },
    topic: (name: string) => name,
    soleConsumer: consumer,
    send,
    partitionCount: async () => 8,
  } as unknown as KafkaConnection;
}

describe('the RPC client when the broker is slower than the command timeout', () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);
  beforeAll(() => process.on('unhandledRejection', record));
  afterAll(() => process.off('unhandledRejection', record));
  beforeEach(() => unhandled.splice(0));

  it.each(['fails', 'succeeds'] as const)(
    'answers 1000009 and leaves no rejection unhandled (which would end the process) when the send %s after the timeout',
    async (outcome) => {
      const client = new RpcClient(connection(80, outcome), silent, 20);
      await client.start();
      await expect(client.request(GetServiceStatus, {}, {})).rejects.toMatchObject({ code: '1000009' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    },
  );
});
