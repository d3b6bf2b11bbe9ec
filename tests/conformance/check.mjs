// Checks the renderings in RENDERINGS_DIR with the TypeScript SDKs: openai-node's toStrictJsonSchema
// over every strict OpenAI schema (it must neither throw nor change the schema), and the MCP SDK's
// ListToolsResultSchema over every MCP rendering (it must accept it and, since it drops keys the
// protocol does not define, read it back unchanged). Prints failures and a closing
// `N passed, N failed` line.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createRequire } from 'node:module';

const require = createRequire(join(process.cwd(), 'package.json'));
const { toStrictJsonSchema } = require('openai/lib/transform');
const { ListToolsResultSchema } = await import(require.resolve('@modelcontextprotocol/sdk/types.js'));

const dir = process.argv[2];
let passed = 0;
const failures = [];
for (const file of readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) {
  const variant = file.replace(/\.json$/, '').split('.').pop();
  const tools = JSON.parse(readFileSync(join(dir, file), 'utf8')).tools;
  if (variant === 'mcp') {
    const label = `${file} @modelcontextprotocol/sdk ListToolsResultSchema`;
    const parsed = ListToolsResultSchema.safeParse({ tools });
    if (!parsed.success) failures.push(`${label} rejects it: ${JSON.stringify(parsed.error.issues)}`);
    else if (!isDeepStrictEqual(parsed.data, { tools })) failures.push(`${label} reads it back changed: ${JSON.stringify(parsed.data)}`);
    else passed += 1;
    continue;
  }
  // The open-model servers' variants are OpenAI chat tools, lowered for their grammar engines.
  if (!['openai', 'openai-responses', 'vllm', 'mistral-rs', 'llama-cpp'].includes(variant)) continue;
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
