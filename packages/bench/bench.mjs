// The npm package `toolc` beside openai-node's `toStrictJsonSchema`, in one process, on the corpus: each
// definition a document of its own (after BFCL's own type mapping), as bench.py runs the Python package.
//
// Usage: node bench.mjs NODE_DIR SPLIT_DIR [PASSES]   (run from a project that has `toolc` installed)
// NODE_DIR is a folder whose node_modules has openai (tests/conformance/setup.sh installs one, pinned).
//
// toolc is `lower(document, 'openai')` on the definition as a program holds it (from `JSON.parse`), so
// the figure includes the crossing into Rust and back (the value written as JSON text, read, checked,
// lowered, reported, and the answer parsed into objects). toStrictJsonSchema gets the input schema and
// checks nothing. Each pass runs on fresh copies (made outside the timing); a throw counts as done.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { lower, lowerEach, version } from 'toolc';

const [nodeDir, split, passesText] = process.argv.slice(2);
const passes = Number(passesText ?? 15);
const { toStrictJsonSchema } = createRequire(join(nodeDir, 'package.json'))('openai/lib/transform');

function files(dir) {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : name.endsWith('.json') ? [path] : [];
  });
}

const docs = files(split).map((path) => JSON.parse(readFileSync(path, 'utf8')));
const schemas = docs.map((doc) => (doc.tools ? doc.tools[0].inputSchema : doc.parameters));

// The median milliseconds of each contender ({name: [inputs, call]}) over every input; the contenders take
// turns within each pass, so that whatever else the machine does weighs on all of them alike.
function timed(contenders) {
  const times = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
  for (let pass = 0; pass < passes; pass += 1) {
    for (const [name, [inputs, call]] of Object.entries(contenders)) {
      const fresh = structuredClone(inputs);
      const start = process.hrtime.bigint();
      for (const value of fresh) {
        try {
          call(value);
        } catch {
          // A refusal is an answer too.
        }
      }
      times[name].push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  return Object.fromEntries(
    Object.entries(times).map(([name, values]) => [name, values.sort((a, b) => a - b)[Math.floor(values.length / 2)]]),
  );
}

const { toolc: ours, peer: theirs } = timed({
  toolc: [docs, (doc) => lower(doc, 'openai')],
  peer: [schemas, (schema) => toStrictJsonSchema(schema)],
});
console.log(`${docs.length} definitions, median of ${passes} passes, toolc ${version}, Node ${process.version}\n`);
console.log('| target | toolc (npm package) | peers | toolc / fastest peer |');
console.log('| --- | --- | --- | --- |');
console.log(`| OpenAI strict | ${ours.toFixed(1)} ms | openai-node ${theirs.toFixed(1)} ms | ${(ours / theirs).toFixed(2)} × |`);
const alone = timed({
  'Anthropic strict': [docs, (doc) => lower(doc, 'anthropic', { anthropicStrict: true })],
  'Gemini `parameters`': [docs, (doc) => lower(doc, 'gemini')],
  'Gemini `parametersJsonSchema`': [docs, (doc) => lower(doc, 'gemini', { geminiJsonSchema: true })],
});
for (const [label, ms] of Object.entries(alone)) {
  console.log(`| ${label} | ${ms.toFixed(1)} ms | none pinned here | |`);
}
const every = ['openai', 'openai-responses', 'anthropic', 'gemini', 'bedrock', 'mcp', 'json-schema'];
const each = timed({ toolc: [docs, (doc) => lowerEach(doc, every)] }).toolc;
console.log(`\ntoolc \`lowerEach\`, all seven targets, each document read and checked once: ${each.toFixed(1)} ms`);
