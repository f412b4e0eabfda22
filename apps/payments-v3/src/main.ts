import '@platform/observability/register';
import { runService } from '@platform/service-kit';
import { PAYMENTS_V3_SERVICE } from './payments-v3.service';

runService(PAYMENTS_V3_SERVICE);
