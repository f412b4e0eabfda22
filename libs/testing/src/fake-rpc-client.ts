import type { CommandContract } from '@platform/contracts';

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
   * The next command of this type is held until `release` is called, then fails with `error`;
   * the ones after it are answered as before: a request caught while it waits on a peer.
   */
  holdNextThenFail<Req, Res>(contract: CommandContract<Req, Res>, error: Error): { release: () => void } {
    const answer = this.answers.get(contract.type);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    this.answers.set(contract.type, async () => {
      if (answer) this.answers.set(contract.type, answer);
      else this.answers.delete(contract.type);
      await released;
      throw error;
    });
    return { release };
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
