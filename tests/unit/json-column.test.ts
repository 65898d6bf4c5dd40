import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseJsonColumn } from '../../lib/json-column';

describe('parseJsonColumn', () => {
  const names = z.array(z.string());

  it('answers the stored value when it is what the schema says', () => {
    expect(parseJsonColumn(names, '["a","b"]', 'report_text.makes')).toEqual(['a', 'b']);
  });

  it('fails naming the column when the text is not JSON', () => {
    expect(() => parseJsonColumn(names, '["a",', 'report_text.makes')).toThrow(/^report_text\.makes: the stored value is not JSON/);
  });

  it('fails naming the column and the field when the value has another shape', () => {
    expect(() => parseJsonColumn(names, '["a",2]', 'report_text.makes')).toThrow(
      /report_text\.makes: the stored value is not what it should be[\s\S]*\[1\]/,
    );
  });
});
