export {
  useSystemStatus,
  useWhitelabel,
  usePermission,
  systemQueryKeys,
  systemQueries,
  statusPollMs,
} from './api/system-queries';
export { SystemStatusGate } from './components/system-status-gate';
export { MaintenancePage } from './components/maintenance-page';
export { RegionRestrictedPage } from './components/region-restricted-page';
