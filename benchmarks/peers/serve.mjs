// openai-node's `toStrictJsonSchema`, timed on request for the `corpus` benchmark, as serve.py times
// the Python peers.
//
// Usage: node serve.mjs NODE_DIR SPLIT_DIR
// NODE_DIR is a folder whose node_modules has openai (tests/conformance/setup.sh installs one). Prints how
// many definitions SPLIT_DIR holds, then answers each line `openai-node N` with the nanoseconds N passes
// over every input schema took (each pass on fresh copies, copied outside the timing; a throw counts as
// done).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const [nodeDir, split] = process.argv.slice(2);
const require = createRequire(join(nodeDir, 'package.json'));
const { toStrictJsonSchema } = require('openai/lib/transform');

function files(dir) {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : name.endsWith('.json') ? [path] : [];
  });
}

const schemas = files(split).map((path) => {
  const doc = JSON.parse(readFileSync(path, 'utf8'));
  return doc.tools ? doc.tools[0].inputSchema : doc.parameters;
});
process.stdout.write(`${schemas.length}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  const passes = Number(line.split(' ')[1]);
  let total = 0n;
  for (let pass = 0; pass < passes; pass += 1) {
    const inputs = structuredClone(schemas);
    const start = process.hrtime.bigint();
    for (const schema of inputs) {
      try {
        toStrictJsonSchema(schema);
      } catch {
        // A refusal is an answer too.
      }
    }
    total += process.hrtime.bigint() - start;
  }
  process.stdout.write(`${total}\n`);
}
