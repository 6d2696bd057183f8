import { operatorRoles, type OperatorRole } from '@portal/contracts';
import { openGameSession } from '../modules/seamless/seamless.service';
import type { Role } from './access-matrix';
import { addressOf } from './call-requests';
import { buildMember } from './factories';
import { loggedInMember, operatorToken, type PaymentsKit } from './payments-kit';
import { staffTokensByRole } from './staff-roles';

const isStaff = (role: Role): role is OperatorRole => (operatorRoles as readonly string[]).includes(role);

/**
 * Sessions of every kind of caller of the access matrix (test/access-matrix.ts), as the portal makes them:
 * a free-play trial session, a member, agents with an affiliate code (types 2, 41 and 42 under one top
 * agent), a BGS game session, the six staff roles (made once), none for a visitor or a vendor. Each call
 * of `signIn` for a member role is a new account, so one a test has ended or blocked is never reused.
 */
export class RoleSessions {
  private topAgentId: number | undefined;
  private sequence = 0;

  private constructor(
    private readonly kit: PaymentsKit,
    private readonly staffTokens: Record<OperatorRole, string>,
  ) {}

  /** Makes the staff accounts (one per role) and their enrolled sessions. */
  static async start(kit: PaymentsKit): Promise<RoleSessions> {
    return new RoleSessions(kit, await staffTokensByRole(kit));
  }

  /** A fresh session of the role (the staff's made at start; none for a visitor or a vendor). */
  async signIn(role: Role): Promise<string | undefined> {
    const db = this.kit.testApp.database.db;
    this.sequence += 1;
    if (role === 'visitor' || role === 'vendor') return undefined;
    if (isStaff(role)) return this.staffSession(role);
    if (role === 'gameSession') {
      const member = await buildMember(db);
      return openGameSession(db, { merchantId: this.kit.merchantId, memberId: member.id, vendorCode: 'BGS' });
    }
    // Each sign-in from its own address in a block of its own (10.255.x.y), clear of the tests' per-request
    // ones: the login rate limit and the captcha after failures count per address.
    const ip = addressOf((255 << 16) + (this.sequence & 0xffff));
    if (role === 'trial') {
      const reply = await this.kit.call('POST', '/wps/session/login/freeplay', {
        body: { os: 'test', platform: 'W', gatewayVersion: 3 },
        ip,
      });
      return reply.body.value.token as string;
    }
    if (role === 'player') return (await loggedInMember(this.kit, {}, ip)).token;
    const type = Number(role.slice('agent'.length));
    this.topAgentId ??= (await buildMember(db, { type: 1, affiliateCode: 'sessionstop' })).id;
    const agent = await loggedInMember(
      this.kit,
      {
        type,
        affiliateCode: `sessions${role}${this.sequence}`,
        parentAgentId: type === 1 ? null : this.topAgentId,
      },
      ip,
    );
    return agent.token;
  }

  /** The staff role's session, or a new one when a call ended it (a logout, a revoked session). */
  private async staffSession(role: OperatorRole): Promise<string> {
    const current = this.staffTokens[role];
    if ((await this.kit.call('GET', '/ops/me', { token: current })).status !== 401) return current;
    const [username, password] = role === 'owner' ? ['admin', 'Admin1234'] : [`matrix-${role}`, 'Matrix1234'];
    this.staffTokens[role] = await operatorToken(this.kit, username, password);
    return this.staffTokens[role];
  }
}
