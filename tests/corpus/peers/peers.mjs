// openai-node's strict transform, `toStrictJsonSchema` (openai/lib/transform), on the same third-party
// definitions as `toolc lower --target openai`, classified as peers.py classifies its peers.
//
// Usage (in a folder whose node_modules has openai, such as target/tmp/conformance):
//   node peers.mjs SPLIT_DIR OUT_JSON   each definition's `parameters` / `inputSchema` through
//                                       toStrictJsonSchema: `refused` when it throws (message kept), else
//                                       its output goes through peers.py's openai checks (tool name rule,
//                                       check_schema, openai-python's and openai-node's normalizers leave it
//                                       unchanged): `valid` or `invalid` (failing checks kept), with
//                                       peers.py's `optional_made_required` note. PEERS_PYTHON
//                                       names the Python that has peers.py's requirements (default python3).
//   node peers.mjs --check FILE         FILE is {key: schema}; prints {key: failure} for every schema that
//                                       toStrictJsonSchema changes or throws on (part of peers.py's openai
//                                       checks, whatever the peer).
// `seconds` is the wall time of the calls over the whole corpus in this one process (inputs already read).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { createRequire } from 'node:module';

const require = createRequire(join(process.cwd(), 'package.json'));
const { toStrictJsonSchema } = require('openai/lib/transform');

function check(schemas) {
  const failures = {};
  for (const [key, schema] of Object.entries(schemas)) {
    try {
      if (!isDeepStrictEqual(toStrictJsonSchema(schema), schema)) failures[key] = 'toStrictJsonSchema changes it';
    } catch (err) {
      failures[key] = `toStrictJsonSchema throws: ${err.message}`;
    }
  }
  return failures;
}

function files(dir) {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : name.endsWith('.json') ? [path] : [];
  });
}

function run(split, out) {
  const inputs = files(split).map((path) => {
    const doc = JSON.parse(readFileSync(path, 'utf8'));
    const tool = doc.tools ? doc.tools[0] : doc;
    return { key: relative(split, path), name: tool.name, schema: doc.tools ? tool.inputSchema : tool.parameters };
  });
  const results = {};
  const outputs = {};
  const start = process.hrtime.bigint();
  for (const { key, name, schema } of inputs) {
    try {
      outputs[key] = { name, input: schema, output: toStrictJsonSchema(schema) };
    } catch (err) {
      results[key] = { status: 'refused', reasons: [`${err.name}: ${err.message.split('\n')[0]}`] };
    }
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;

  const tmp = mkdtempSync(join(tmpdir(), 'peers-'));
  writeFileSync(join(tmp, 'outputs.json'), JSON.stringify(outputs));
  const peersPy = join(dirname(fileURLToPath(import.meta.url)), 'peers.py');
  const python = process.env.PEERS_PYTHON ?? 'python3';
  const checked = execFileSync(python, [peersPy, '--check', 'openai', join(tmp, 'outputs.json')], {
    maxBuffer: 1 << 30,
    encoding: 'utf8',
  });
  rmSync(tmp, { recursive: true });
  Object.assign(results, JSON.parse(checked));
  const sorted = Object.fromEntries(Object.entries(results).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const counts = { valid: 0, refused: 0, invalid: 0 };
  for (const result of Object.values(sorted)) counts[result.status] += 1;
  const rounded = Math.round(seconds * 1000) / 1000;
  const report = { 'openai-node': { target: 'openai', seconds: rounded, counts, results: sorted } };
  writeFileSync(out, JSON.stringify(report, null, 1) + '\n');
  console.error(`openai-node: ${JSON.stringify(counts)} in ${report['openai-node'].seconds} s`);
}

// No process.exit here: it would cut a long answer to a pipe short.
if (process.argv[2] === '--check') {
  process.stdout.write(JSON.stringify(check(JSON.parse(readFileSync(process.argv[3], 'utf8')))));
} else {
  run(...process.argv.slice(2));
}
