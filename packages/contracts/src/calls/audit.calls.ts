import { defineCalls } from '../call';

/** The staff audit log (/ops/audit, an operator's token): read it and verify its hash chain. */
export const opsAuditCalls = defineCalls({
  opsAuditLog: {
    method: 'GET',
    path: '/ops/audit',
    moduleId: 'ops',
    token: true,
    summary: 'Staff actions, newest first, by operator, action and time',
    query: 'auditQuery',
    response: 'auditPage',
    errors: [],
  },
  opsAuditVerify: {
    method: 'GET',
    path: '/ops/audit/verify',
    moduleId: 'ops',
    token: true,
    summary: "Verifies the merchant's audit hash chain; names the first broken row",
    response: 'auditVerification',
    errors: [],
  },
});
