import { z } from 'zod';
import type { TopicName } from '../topics';

/**
 * A request-reply command: its wire name, the topic of the owning service, and the
 * schemas both sides validate against (the request when consumed, the reply when received).
 */
export interface CommandContract<Req, Res> {
  readonly type: string;
  readonly topic: TopicName;
  readonly request: z.ZodType<Req, z.ZodTypeDef, unknown>;
  readonly reply: z.ZodType<Res, z.ZodTypeDef, unknown>;
}

export function defineCommand<Req, Res>(contract: CommandContract<Req, Res>): CommandContract<Req, Res> {
  return contract;
}

export type RequestOf<C> = C extends CommandContract<infer Req, unknown> ? Req : never;
export type ReplyOf<C> = C extends CommandContract<unknown, infer Res> ? Res : never;
