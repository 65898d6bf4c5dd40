import { ScreenPlaceholder } from '@/components/shell/screen-placeholder';
import { routeMetadata } from '@/lib/page';

export const generateMetadata = routeMetadata('/onboard/[id]');

export default function Page() {
  return <ScreenPlaceholder path="/onboard/[id]" />;
}
