import { ApiError, MaintenanceChanged, serviceStatusItem, type MaintainableService, type ServiceStatusItem, Errors } from '@platform/contracts';
import { KafkaConnection, ReferenceDataReader } from '@platform/messaging';
import type { Logger } from '@platform/observability';
import type { Clock } from './clock';

/**
 * A service's local copy of the maintenance switches, from the status service's compacted
 * topic: a service in maintenance takes no new operations (503 1000013); work already
 * started goes on.
 */
export class MaintenanceFlags {
  private readonly reader: ReferenceDataReader<{ service: MaintainableService; active: boolean; until: string | null; note: string | null }>;

  constructor(
    kafka: KafkaConnection,
    logger: Logger,
    private readonly clock: Clock,
  ) {
    this.reader = new ReferenceDataReader(kafka, MaintenanceChanged, logger.child({ component: 'maintenance-flags' }));
  }

  assertOpen(service: MaintainableService): void {
    const flag = this.reader.get(service);
    if (!flag?.active) return;
    const back = flag.until && Date.parse(flag.until) > this.clock.now().getTime() ? ` (expected back at ${flag.until})` : '';
    throw new ApiError(Errors.PlatformMaintenance, `${service} is in maintenance${back}${flag.note ? `: ${flag.note}` : ''}`);
  }

  /**
   * The services in maintenance now, as the public status lists them (by service): an estimated
   * return time that has passed reads as null.
   */
  inMaintenance(): ServiceStatusItem[] {
    const now = this.clock.now();
    return this.reader
      .all()
      .filter((flag) => flag.active)
      .map((flag) => serviceStatusItem(flag.service, flag.until === null ? null : new Date(flag.until), flag.note, now));
  }

  /**
   * Until this copy shows `service` as `expected` (null: not in maintenance), at most `timeoutMs`;
   * false when it did not arrive in time.
   */
  shown(service: MaintainableService, expected: ServiceStatusItem | null, timeoutMs: number): Promise<boolean> {
    return this.reader.until(() => {
      const current = this.inMaintenance().find((item) => item.service === service);
      return expected === null ? current === undefined : current?.until === expected.until && current.note === expected.note;
    }, timeoutMs);
  }

  get ready(): Promise<void> {
    return this.reader.ready;
  }

  start(): Promise<void> {
    return this.reader.start();
  }

  stop(): Promise<void> {
    return this.reader.stop();
  }
}
