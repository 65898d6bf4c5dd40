import { ScreenPlaceholder } from '@/components/shell/screen-placeholder';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/locations');

export default function Page() {
  return <ScreenPlaceholder path="/locations" />;
}
