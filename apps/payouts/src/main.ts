import '@platform/observability/register';
import { runService } from '@platform/service-kit';
import { PAYOUTS_SERVICE } from './payouts.service';

runService(PAYOUTS_SERVICE);
