/** Any other path: "Page not Found" in the no-nav layout, answered with HTTP 404. */
import { NotFoundView } from '@/components/shell/not-found-view';
import { config } from '@/lib/config';
import { notFoundMetadata } from '@/lib/page';
import { NOT_FOUND_NAME } from '@/lib/routes';

export const generateMetadata = notFoundMetadata;

export default function NotFound() {
  return <NotFoundView heading={NOT_FOUND_NAME} productName={config().PRODUCT_NAME} />;
}
