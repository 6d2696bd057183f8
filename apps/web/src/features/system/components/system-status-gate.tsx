import type { ReactNode } from 'react';
import { useSystemStatus } from '../api/system-queries';
import { MaintenancePage } from './maintenance-page';
import { RegionRestrictedPage } from './region-restricted-page';

/**
 * Renders the app only while the system status is normal. Status 1 and 2 replace everything with the
 * maintenance or region-restriction page. While the first status read is pending the static loader
 * stays up; if the status cannot be read the app renders and shows its own errors where data is used.
 */
export function SystemStatusGate({ children }: { children: ReactNode }) {
  const status = useSystemStatus();
  if (status.isPending) return null;
  const value = status.data;
  if (value?.status === 1) return <MaintenancePage status={value} />;
  if (value?.status === 2) return <RegionRestrictedPage status={value} />;
  return children;
}
