import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PanelInviteUser } from '@platform/contracts';
import { RpcServer } from '@platform/messaging';
import { AuthService } from '../auth/auth.service';

/** The panel's commands: an operator's invitation through the gateway's operator API. */
@Injectable()
export class PanelHandlers implements OnModuleInit {
  constructor(
    private readonly rpc: RpcServer,
    private readonly auth: AuthService,
  ) {}

  onModuleInit(): void {
    this.rpc.handle(PanelInviteUser, async (request, meta) => {
      const user = await this.auth.invite({ ...request, inviter_user_id: null }, meta.correlationId);
      return { user_id: user.id, email: user.email, role: user.role, invited_at: user.created_at.toISOString() };
    });
  }
}
