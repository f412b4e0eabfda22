import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ListPanelAudit, ListPanelUsers, PanelInviteUser, pageOf } from '@platform/contracts';
import { RpcServer } from '@platform/messaging';
import { AuthService } from '../auth/auth.service';
import { UserRepository } from './user.repository';

/** The panel's commands, from the gateway's operator API and the console: an operator's invitation, the merchant's users and panel audit log. */
@Injectable()
export class PanelHandlers implements OnModuleInit {
  constructor(
    private readonly rpc: RpcServer,
    private readonly auth: AuthService,
    private readonly users: UserRepository,
  ) {}

  onModuleInit(): void {
    this.rpc.handle(PanelInviteUser, async (request, meta) => {
      const user = await this.auth.invite({ ...request, inviter_user_id: null }, meta.correlationId);
      return { user_id: user.id, email: user.email, role: user.role, invited_at: user.created_at.toISOString() };
    });
    this.rpc.handle(ListPanelUsers, async (request) => ({
      data: (await this.users.ofMerchant(request.merchant_code)).map((user) => ({
        user_id: user.id,
        email: user.email,
        role: user.role,
        status: user.status,
        two_factor: user.totp_secret_sealed !== null,
        invited_by: user.invited_by,
        created_at: user.created_at.toISOString(),
      })),
    }));
    this.rpc.handle(ListPanelAudit, async (request) => {
      const { rows, total } = await this.users.auditPage(request.merchant_code, request.action, request.page, request.per_page);
      return pageOf(rows, total, request.page, request.per_page);
    });
  }
}
