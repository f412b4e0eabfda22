import '@platform/observability/register';
import { runService } from '@platform/service-kit';
import { GATEWAY_SERVICE } from './gateway.service';

runService(GATEWAY_SERVICE);
