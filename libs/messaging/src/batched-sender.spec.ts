import type { TopicMessages } from 'kafkajs';
import { BatchedSender } from './batched-sender';

describe('batched sends to Kafka', () => {
  const recorder = (fail = () => false) => {
    const batches: TopicMessages[][] = [];
    const sender = new BatchedSender(async ({ topicMessages }) => {
      batches.push(topicMessages);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail()) throw new Error('broker unavailable');
    });
    return { sender, batches };
  };

  it('sends concurrent messages in one produce request per batch, in order per topic', async () => {
    const { sender, batches } = recorder();
    await Promise.all(Array.from({ length: 50 }, (_, i) => sender.send(i % 2 ? 'replies' : 'commands', { value: String(i) })));
    expect(batches).toHaveLength(1);
    const [commands, replies] = batches[0]!;
    expect(commands!.topic).toBe('commands');
    expect(commands!.messages.map((m) => Number(m.value))).toEqual(Array.from({ length: 25 }, (_, i) => i * 2));
    expect(replies!.messages).toHaveLength(25);
  });

  it('queues what arrives while a batch is in flight for the next one', async () => {
    const { sender, batches } = recorder();
    const first = sender.send('t', { value: 'a' });
    await new Promise((resolve) => setImmediate(resolve));
    const later = [sender.send('t', { value: 'b' }), sender.send('t', { value: 'c' })];
    await Promise.all([first, ...later]);
    expect(batches.map((batch) => batch[0]!.messages.map((m) => m.value))).toEqual([['a'], ['b', 'c']]);
  });

  it('fails every message of a failed request, and sends the next ones', async () => {
    let failing = true;
    const { sender } = recorder(() => failing);
    const results = await Promise.allSettled([sender.send('t', { value: '1' }), sender.send('t', { value: '2' })]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    failing = false;
    await expect(sender.send('t', { value: '3' })).resolves.toBeUndefined();
  });
});
