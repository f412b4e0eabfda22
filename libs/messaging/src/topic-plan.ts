import type { TopicKind, TopicName, TopicSpec } from '@platform/contracts';

/** How a deployment wants its topics: what the platform's specs leave to the broker's operator. */
export interface TopicSettings {
  replicationFactor: number;
  /** Writes succeed while this many replicas have them (only set where the replication factor allows). */
  minInsyncReplicas?: number;
  /** Partitions per kind; never fewer than the spec's. Reference topics stay as specified (one, compacted, in order). */
  partitions: Partial<Record<Exclude<TopicKind, 'reference'>, number>>;
  /** Retention per kind in milliseconds; a spec's own shorter retention (card data) wins. */
  retentionMs: Record<Exclude<TopicKind, 'reference'>, number>;
}

/** One broker, as locally and in tests. Commands and replies are answered in seconds; events stay two weeks for replays. */
export const LOCAL_TOPIC_SETTINGS: TopicSettings = {
  replicationFactor: 1,
  partitions: {},
  retentionMs: { commands: 60 * 60_000, replies: 10 * 60_000, events: 14 * 24 * 60 * 60_000 },
};

export interface PlannedTopic {
  /** The name without the deployment's prefix. */
  name: TopicName;
  partitions: number;
  replicationFactor: number;
  /** Every dynamic setting the topic must have (alterConfigs replaces the whole set). */
  config: Record<string, string>;
}

export function planTopics(specs: readonly TopicSpec[], settings: TopicSettings): PlannedTopic[] {
  return specs.map((spec) => {
    const config: Record<string, string> = { ...(spec.compacted ? { 'cleanup.policy': 'compact' } : {}), ...spec.config };
    if (spec.kind !== 'reference') {
      const own = spec.config?.['retention.ms'];
      config['retention.ms'] = String(Math.min(settings.retentionMs[spec.kind], own ? Number(own) : Infinity));
    }
    if (settings.minInsyncReplicas && settings.replicationFactor > 1) {
      config['min.insync.replicas'] = String(Math.min(settings.minInsyncReplicas, settings.replicationFactor));
    }
    const wanted = spec.kind === 'reference' ? undefined : settings.partitions[spec.kind];
    return { name: spec.name, partitions: Math.max(spec.partitions, wanted ?? 0), replicationFactor: settings.replicationFactor, config };
  });
}
