import { ScreenPlaceholder } from '@/components/shell/screen-placeholder';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/providers');

export default function Page() {
  return <ScreenPlaceholder path="/providers" />;
}
