/** Which OEM links open through the firm's ALLDATA access (lib/alldata/documents.ts). */
import { describe, expect, it } from 'vitest';
import { isAlldataDocument } from '../../lib/alldata/documents';

const BASE = 'https://alldata.example/alldata/';

describe('isAlldataDocument', () => {
  it('accepts documents under the ALLDATA base', () => {
    expect(isAlldataDocument('https://alldata.example/alldata/repair/honda/civic', BASE)).toBe(true);
    expect(isAlldataDocument('https://alldata.example/alldata/repair/x?y=1', 'https://alldata.example/alldata')).toBe(true);
  });

  it('refuses other hosts, schemes, paths and credentials', () => {
    for (const url of [
      'https://evil.example/alldata/repair/x',
      'http://alldata.example/alldata/repair/x',
      'https://alldata.example.evil.example/alldata/repair/x',
      'https://alldata.example/alldata/oauth/authorize',
      'https://alldata.example/alldata/repair/',
      'https://alldata.example/other/repair/x',
      'https://user:pw@alldata.example/alldata/repair/x',
      '/alldata/repair/x',
      'javascript:alert(1)',
      '',
    ])
      expect(isAlldataDocument(url, BASE), url).toBe(false);
  });
});
