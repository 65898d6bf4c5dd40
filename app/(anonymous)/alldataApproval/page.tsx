import { ScreenPlaceholder } from '@/components/shell/screen-placeholder';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/alldataApproval');

export default function Page() {
  return <ScreenPlaceholder path="/alldataApproval" />;
}
