/** The staff audit log: its public face (decision 0035). */
export { appendAudit, captureChanges, type AuditRecord } from './audit.repo';
export { auditPage, redactRequest, verifyAuditChain } from './audit.service';
export { unauditedTables } from './unaudited-tables';
