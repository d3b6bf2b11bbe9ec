// Parses grammars with llama.cpp's own GBNF parser, as its server does before sampling with one:
// node-llama-cpp's prebuilt llama.cpp, on the CPU, no model loaded.
//
// Usage: node parse_gbnf.mjs FILE   (FILE: a JSON array of GBNF texts)
// Prints a JSON array of the same length: null for a grammar that parsed, the error otherwise.
import { readFileSync } from 'node:fs';
import { getLlama } from 'node-llama-cpp';

const grammars = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const llama = await getLlama({ gpu: false, build: 'never', logLevel: 'error', logger: () => {} });
const results = [];
for (const grammar of grammars) {
  try {
    await llama.createGrammar({ grammar });
    results.push(null);
  } catch (err) {
    results.push(String(err && err.message ? err.message : err));
  }
}
console.log(JSON.stringify(results));
await llama.dispose();
