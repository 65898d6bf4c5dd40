import { describe, expect, it } from 'vitest';
import { INITIAL_UPLOAD, UPLOAD, UPLOAD_TEXT, refusalText, uploadReducer } from '@/components/ui/upload-state';

describe('the uploader states (docs/shell.md#states "Upload")', () => {
  it('initial → saving → success, and reset returns to initial', () => {
    const saving = uploadReducer(INITIAL_UPLOAD, { type: 'start', count: 3 });
    expect(saving).toMatchObject({ status: UPLOAD.saving, count: 3 });
    expect(UPLOAD_TEXT.saving(3)).toBe('Uploading 3 image...');
    const done = uploadReducer(saving, { type: 'succeed', urls: ['file/image?firm=7&name=a.png'] });
    expect(done).toMatchObject({ status: UPLOAD.success, urls: ['file/image?firm=7&name=a.png'] });
    expect(uploadReducer(done, { type: 'reset' })).toEqual(INITIAL_UPLOAD);
  });

  it('saving → failed keeps the error text; the numbers are the specification’s 0–3', () => {
    const failed = uploadReducer(uploadReducer(INITIAL_UPLOAD, { type: 'start', count: 1 }), {
      type: 'fail',
      error: 'x.png is larger than 5 MB.',
    });
    expect(failed).toMatchObject({ status: 3, error: 'x.png is larger than 5 MB.' });
    expect([UPLOAD.initial, UPLOAD.saving, UPLOAD.success, UPLOAD.failed]).toEqual([0, 1, 2, 3]);
    expect([UPLOAD_TEXT.failed, UPLOAD_TEXT.again, UPLOAD_TEXT.retry]).toEqual(['Upload failed.', 'Upload again', 'Try again']);
  });

  it('files the browser refuses are said in words, once per reason', () => {
    const text = refusalText(
      [
        { name: 'a.gif', code: 'file-invalid-type' },
        { name: 'b.png', code: 'file-too-large' },
        { name: 'c.png', code: 'too-many-files' },
        { name: 'd.png', code: 'too-many-files' },
      ],
      5,
      10,
    );
    expect(text).toBe('a.gif is not a PNG or JPEG image. b.png is larger than 5 MB. At most 10 files at a time.');
  });
});
