/** The signed-in firm's Brand settings (BrandLogo, BrandIcon, BrandTitle, MainLogo), with fallbacks. */
import 'server-only';
import { cache } from 'react';
import { api } from './api/server';
import { cachedBrand } from './cache/settings';
import { contract } from './contract';
import { DEFAULT_ICON, DEFAULT_LOGO } from './brand-defaults';
import { config } from './config';
import { fileSrc } from './files';

export interface Brand {
  logo: string;
  icon: string;
  title: string;
  mainLogo: string;
}

/**
 * Only uploaded files (served through the BFF), same-site paths and https URLs are used as image sources;
 * anything else falls back.
 */
function safeImage(value: string | null | undefined, fallback: string): string {
  if (!value) return fallback;
  if (/^file\/image\?firm=\d+&name=[\w.%-]+$/.test(value)) return fileSrc(value);
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return /^https:\/\/[^\s"'<>]+$/.test(value) ? value : fallback;
}

export function brandFrom(rows: readonly { name: string; value: string | null }[], productName: string): Brand {
  const get = (name: string) => rows.find((r) => r.name === name)?.value?.trim() || null;
  const logo = safeImage(get('BrandLogo'), DEFAULT_LOGO);
  return {
    logo,
    icon: safeImage(get('BrandIcon'), DEFAULT_ICON),
    title: get('BrandTitle') ?? productName,
    mainLogo: safeImage(get('MainLogo'), logo),
  };
}

/**
 * A brand for a page without a session (the onboarding wizard wears the inviting firm's): an uploaded
 * image is served to signed-in users only (file/image), so there the product's default stands in for it.
 */
export function anonymousBrandFrom(rows: readonly { name: string; value: string | null }[], productName: string): Brand {
  return brandFrom(
    rows.filter((r) => !r.value?.trim().startsWith('file/')),
    productName,
  );
}

/** Once per request, and kept per app instance until the host announces a brand change (lib/cache/settings.ts). */
export const brandOf = cache((firm: number): Promise<Brand> =>
  cachedBrand(firm, async () =>
    brandFrom(await api(contract.locations.firmPreference, { query: { firm, category: 'Brand' } }), config().PRODUCT_NAME),
  ),
);
