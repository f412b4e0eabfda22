import { z } from 'zod';
import type { Logger } from '@platform/observability';
import { CONFIG, LOGGER, secret } from '@platform/service-kit';
import { CARD_PROCESSORS, CardProcessors } from './card-processors';
import { IyzicoCardProcessor } from './iyzico/iyzico-card-processor';

/** Which connector serves live card payments, and its settings (ADR 0014). */
export const LiveProcessingFields = {
  /** `none` refuses live card payments (0055001); `iyzico` sends them to iyzico's API. */
  LIVE_CARD_PROCESSOR: z.enum(['none', 'iyzico']).default('none'),
  IYZICO_BASE_URL: z.string().url().optional(),
  IYZICO_API_KEY: z.string().min(1).optional(),
  IYZICO_SECRET_KEY: secret().optional(),
  /** A processor call unanswered by then leaves the payment pending (the spec allows 30 s per order call). */
  PROCESSOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(25_000).default(20_000),
};

type LiveProcessingConfig = { NODE_ENV: string } & z.infer<z.ZodObject<typeof LiveProcessingFields>>;

export function requireLiveProcessingSettings(config: LiveProcessingConfig, ctx: z.RefinementCtx): void {
  if (config.LIVE_CARD_PROCESSOR !== 'iyzico') return;
  for (const name of ['IYZICO_BASE_URL', 'IYZICO_API_KEY', 'IYZICO_SECRET_KEY'] as const) {
    if (!config[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required when LIVE_CARD_PROCESSOR is iyzico' });
  }
  if (config.NODE_ENV === 'production' && config.IYZICO_BASE_URL && !config.IYZICO_BASE_URL.startsWith('https://')) {
    ctx.addIssue({ code: 'custom', path: ['IYZICO_BASE_URL'], message: 'must be https in production' });
  }
}

export function cardProcessorsFrom(config: LiveProcessingConfig): CardProcessors {
  if (config.LIVE_CARD_PROCESSOR === 'none') return new CardProcessors(null);
  return new CardProcessors(
    new IyzicoCardProcessor({
      baseUrl: config.IYZICO_BASE_URL!,
      apiKey: config.IYZICO_API_KEY!,
      secretKey: config.IYZICO_SECRET_KEY!.reveal(),
      timeoutMs: config.PROCESSOR_TIMEOUT_MS,
    }),
  );
}

/** The Nest provider of the processors, built from the service's configuration; says at start what serves live. */
export const CARD_PROCESSORS_PROVIDER = {
  provide: CARD_PROCESSORS,
  useFactory: (config: LiveProcessingConfig, logger: Logger) => {
    const processors = cardProcessorsFrom(config);
    if (processors.liveName) logger.info({ live_card_processor: processors.liveName }, `live card payments go to ${processors.liveName}`);
    else
      logger.warn(
        { live_card_processor: 'none' },
        'no live card processor is configured (LIVE_CARD_PROCESSOR=none): live card payments are refused with 0055001',
      );
    return processors;
  },
  inject: [CONFIG, LOGGER],
};
