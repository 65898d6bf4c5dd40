/** Configuration templates of deploy/: `${NAME}` placeholders filled in, and none left over. */
import { readFileSync } from 'node:fs';

/** The template at `file` with every `${NAME}` replaced by `values[NAME]`; a placeholder without a value is an error. */
export function fillTemplate(file, values) {
  const text = readFileSync(file, 'utf8').replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (whole, name) => {
    if (!(name in values)) throw new Error(`${file}: no value for \${${name}}`);
    return String(values[name]);
  });
  return text;
}
