import { AppDownloadPage } from '../../features/content';
import { usePermission } from '../../features/system';

/** /download: the app download page and install guides (the merchant's Android and iOS resources). */
export default function DownloadRoute() {
  const permission = usePermission();
  return <AppDownloadPage resources={permission.data?.info.resources ?? (permission.isError ? [] : null)} />;
}
