import { ScreenPlaceholder } from '@/components/shell/screen-placeholder';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/view');

export default function Page() {
  return <ScreenPlaceholder path="/view" />;
}
