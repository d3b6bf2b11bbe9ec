// The npm package `toolc` beside the TypeScript transformers of its targets, in one process, on the
// corpus: each definition a document of its own (after BFCL's own type mapping), as bench.py runs the
// Python package.
//
// Usage: node bench.mjs CONFORMANCE_DIR PEERS_DIR SPLIT_DIR [PASSES]   (run from a project that has
// `toolc` installed). CONFORMANCE_DIR's node_modules has openai (tests/conformance/setup.sh installs
// it, pinned); PEERS_DIR's has @anthropic-ai/sdk and @langchain/google-common (packages/bench's lock).
//
// toolc is `lower(document, target)` on the definition as a program holds it (from `JSON.parse`), so a
// figure includes the crossing into Rust and back (the value written as JSON text, read, checked,
// lowered, reported, and the answer parsed into objects). A peer gets the input schema and checks
// nothing: openai-node's `toStrictJsonSchema`, anthropic-sdk-typescript's `transformJSONSchema` (what
// its strict tool use sends), LangChain's `jsonSchemaToGeminiParameters` (what its Gemini chat models
// send). Each pass runs on fresh copies (made outside the timing); a throw counts as done.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { lower, lowerEach, version } from 'toolc';

const [conformance, peersDir, split, passesText] = process.argv.slice(2);
const passes = Number(passesText ?? 15);
const { toStrictJsonSchema } = createRequire(join(conformance, 'package.json'))('openai/lib/transform');
const fromPeers = createRequire(join(peersDir, 'package.json'));
const { transformJSONSchema } = fromPeers('@anthropic-ai/sdk/lib/transform-json-schema');
const { jsonSchemaToGeminiParameters } = fromPeers('@langchain/google-common');

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

// The renderings the peers share with toolc: toolc's target and options, and the peers lowering for it.
const renderings = [
  ['OpenAI strict', 'openai', {}, { 'openai-node': toStrictJsonSchema }],
  ['Anthropic strict', 'anthropic', { anthropicStrict: true }, { 'anthropic-sdk-typescript': transformJSONSchema }],
  ['Gemini `parameters`', 'gemini', {}, { 'langchain-google': jsonSchemaToGeminiParameters }],
  ['Gemini `parametersJsonSchema`', 'gemini', { geminiJsonSchema: true }, {}],
];
console.log(`${docs.length} definitions, median of ${passes} passes, toolc ${version}, Node ${process.version}\n`);
console.log('| target | toolc (npm package) | peers | toolc / fastest peer |');
console.log('| --- | --- | --- | --- |');
for (const [label, target, options, peers] of renderings) {
  const contenders = { toolc: [docs, (doc) => lower(doc, target, options)] };
  for (const [name, transform] of Object.entries(peers)) {
    contenders[name] = [schemas, (schema) => transform(schema)];
  }
  const { toolc: ours, ...theirs } = timed(contenders);
  const fastest = Math.min(...Object.values(theirs));
  const listed = Object.entries(theirs).map(([name, ms]) => `${name} ${ms.toFixed(1)} ms`).join(', ') || 'none pinned here';
  const ratio = Number.isFinite(fastest) ? `${(ours / fastest).toFixed(2)} ×` : '';
  console.log(`| ${label} | ${ours.toFixed(1)} ms | ${listed} | ${ratio} |`);
}
const every = ['openai', 'openai-responses', 'anthropic', 'gemini', 'bedrock', 'mcp', 'json-schema'];
const each = timed({ toolc: [docs, (doc) => lowerEach(doc, every)] }).toolc;
console.log(`\ntoolc \`lowerEach\`, all seven targets, each document read and checked once: ${each.toFixed(1)} ms`);
