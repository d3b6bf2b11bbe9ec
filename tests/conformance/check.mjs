// Runs openai-node's toStrictJsonSchema over every strict OpenAI schema in RENDERINGS_DIR: it must
// neither throw nor change the schema. Prints failures and a closing `N passed, N failed` line.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createRequire } from 'node:module';

const require = createRequire(join(process.cwd(), 'package.json'));
const { toStrictJsonSchema } = require('openai/lib/transform');

const dir = process.argv[2];
let passed = 0;
const failures = [];
for (const file of readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) {
  const variant = file.replace(/\.json$/, '').split('.').pop();
  if (variant !== 'openai' && variant !== 'openai-responses') continue;
  const tools = JSON.parse(readFileSync(join(dir, file), 'utf8')).tools;
  for (const tool of tools) {
    const fn = tool.function ?? tool;
    if (!fn.strict) continue;
    const label = `${file} ${fn.name} openai-node toStrictJsonSchema`;
    try {
      const strict = toStrictJsonSchema(fn.parameters);
      if (isDeepStrictEqual(strict, fn.parameters)) passed += 1;
      else failures.push(`${label} changed the schema: ${JSON.stringify(strict)}`);
    } catch (err) {
      failures.push(`${label} threw: ${err.message}`);
    }
  }
}
for (const failure of failures) console.log('FAIL ' + failure);
console.log(`${passed} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
