import { describe, expect, it } from 'vitest';
import { brandFrom } from '@/lib/brand';

describe('brand settings', () => {
  it('uses the firm values', () => {
    const b = brandFrom(
      [
        { name: 'BrandLogo', value: '/brands/west-logo.svg' },
        { name: 'BrandIcon', value: 'https://cdn.example.com/i.ico' },
        { name: 'BrandTitle', value: 'Northstar West' },
      ],
      'ADAS Desk',
    );
    expect(b).toEqual({
      logo: '/brands/west-logo.svg',
      icon: 'https://cdn.example.com/i.ico',
      title: 'Northstar West',
      mainLogo: '/brands/west-logo.svg',
    });
  });

  it('shows an uploaded brand image through the BFF', () => {
    const b = brandFrom([{ name: 'BrandLogo', value: 'file/image?firm=7&name=0a1b2c3d4e5f-logo.png' }], 'P');
    expect(b.logo).toBe('/api/bff/file/image?firm=7&name=0a1b2c3d4e5f-logo.png');
    expect(brandFrom([{ name: 'BrandLogo', value: 'file/image?firm=7&name=x"onerror=alert(1)' }], 'P').logo).toBe(
      '/brands/default-logo.svg',
    );
  });

  it('falls back for a firm without them, and refuses unsafe URLs', () => {
    expect(brandFrom([], 'ADAS Desk')).toEqual({
      logo: '/brands/default-logo.svg',
      icon: '/brands/default-icon.svg',
      title: 'ADAS Desk',
      mainLogo: '/brands/default-logo.svg',
    });
    const b = brandFrom(
      [
        { name: 'BrandLogo', value: 'javascript:alert(1)' },
        { name: 'BrandIcon', value: '//evil.example/x.ico' },
        { name: 'BrandTitle', value: '  ' },
      ],
      'P',
    );
    expect(b.logo).toBe('/brands/default-logo.svg');
    expect(b.icon).toBe('/brands/default-icon.svg');
    expect(b.title).toBe('P');
  });
});
