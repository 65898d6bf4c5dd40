/** Small real files for upload tests: a PNG and a JPEG that decode, and impostors. */

/** A 1×1 transparent PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A 1×1 white JPEG. */
export const JPEG_1PX = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/** The first bytes of a Windows executable, saved with a .png name. */
export const EXE_AS_PNG = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200)]);

export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** A PNG signature followed by padding: `mb` megabytes, more than the upload limit when mb > 5. */
export const bigPng = (mb: number) => Buffer.concat([PNG_1PX, Buffer.alloc(mb * 1024 * 1024)]);

/** A multipart body of files in the field `File`: the bytes and the content-type with its boundary. */
export async function multipart(files: readonly { name: string; bytes: Buffer; type?: string }[], field = 'File') {
  const form = new FormData();
  for (const f of files) form.append(field, new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/png' }), f.name);
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}
