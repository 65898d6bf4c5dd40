/** Page metadata from the route table: "{route name} · {product}[ [env]]". */
import type { Metadata } from 'next';
import { config } from './config';
import { NOT_FOUND_NAME, pageTitle, routeOf, titleName } from './routes';

export function titleFor(routeName: string | null): string {
  const { PRODUCT_NAME, APP_ENV } = config();
  return pageTitle(routeName, PRODUCT_NAME, APP_ENV);
}

/** `export const generateMetadata = routeMetadata('/contacts')` in a page. */
export function routeMetadata(path: string): () => Promise<Metadata> {
  const route = routeOf(path);
  return async () => ({ title: titleFor(titleName(route)) });
}

export const notFoundMetadata = (): Metadata => ({ title: titleFor(NOT_FOUND_NAME) });
