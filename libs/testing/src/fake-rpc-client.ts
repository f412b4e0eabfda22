import type { CommandContract } from '@platform/contracts';
import { eventually } from './eventually';

type Answer = (request: unknown, meta: unknown) => unknown;

/**
 * Stands in for the RpcClient of one service under test, so the service runs without its
 * peers: it records every command, validates it and the answer against the contract as the
 * real client and server do, and answers from what the test set with `answer`.
 * (Structural: it does not import libs/messaging, whose own specs use this library.)
 */
export class FakeRpcClient {
  readonly sent: { type: string; request: unknown; meta: unknown }[] = [];
  private readonly answers = new Map<string, Answer>();

  answer<Req, Res>(contract: CommandContract<Req, Res>, handler: (request: Req, meta: unknown) => Res | Promise<Res>): this {
    this.answers.set(contract.type, handler as Answer);
    return this;
  }

  /**
   * Sends `ask` and, while its command of this type is held at this peer, sends it again; then
   * lets the held command fail with `error` (the ones after it are answered as before). A repeat
   * that waits for the first instead of answering is let through after a second. Answers both
   * requests, for the test to check how each ended.
   */
  async repeatWhileHeld<T>(
    contract: CommandContract<unknown, unknown>,
    error: Error,
    ask: () => Promise<T>,
  ): Promise<{ first: Promise<T>; repeat: Promise<T> }> {
    const answer = this.answers.get(contract.type);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    this.answers.set(contract.type, async () => {
      if (answer) this.answers.set(contract.type, answer);
      else this.answers.delete(contract.type);
      await released;
      throw error;
    });
    const sent = this.sentOf(contract).length;
    const first = ask();
    first.catch(() => undefined);
    await eventually(
      async () => this.sentOf(contract).length,
      (count) => count > sent,
    );
    const repeat = ask();
    repeat.catch(() => undefined);
    await Promise.race([repeat.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1000))]);
    release();
    return { first, repeat };
  }

  async request<Req, Res>(contract: CommandContract<Req, Res>, payload: Req, meta: unknown): Promise<Res> {
    const request = contract.request.parse(payload);
    this.sent.push({ type: contract.type, request, meta });
    const handler = this.answers.get(contract.type);
    if (!handler) throw new Error(`no answer set for ${contract.type}`);
    return contract.reply.parse(await handler(request, meta));
  }

  /** Nothing to connect: the service's lifecycle starts and stops its client like the real one. */
  async start(): Promise<void> {}
  async stop(): Promise<void> {}

  /** The commands of one type that were sent, in order. */
  sentOf<Req>(contract: CommandContract<Req, unknown>): Req[] {
    return this.sent.filter((entry) => entry.type === contract.type).map((entry) => entry.request as Req);
  }
}
