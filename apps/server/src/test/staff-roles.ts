import { operatorRoles, type OperatorRole } from '@portal/contracts';
import { createOperator } from '../modules/operators/operators.service';
import { operatorToken, type PaymentsKit } from './payments-kit';

/**
 * A fully enrolled staff session of each of the six operator roles on the demo merchant: the seeded owner
 * `admin`, and a `matrix-<role>` account made for each other role (the operator authorization matrix,
 * ops-access.test.ts, and the whole portal's, access-matrix.test.ts).
 */
export async function staffTokensByRole(kit: PaymentsKit): Promise<Record<OperatorRole, string>> {
  const tokens = { owner: await operatorToken(kit) } as Record<OperatorRole, string>;
  for (const role of operatorRoles.filter((role) => role !== 'owner')) {
    const username = `matrix-${role}`;
    await createOperator(kit.testApp.database.db, {
      merchantId: kit.merchantId,
      username,
      password: 'Matrix1234',
      role,
    });
    tokens[role] = await operatorToken(kit, username, 'Matrix1234');
  }
  return tokens;
}
