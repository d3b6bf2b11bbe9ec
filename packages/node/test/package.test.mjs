// The npm package `toolc` as a project installs it (`npm install` of the packed tarball), run by
// node's test runner from a fresh project (codegen-cli/tests/packages.rs sets one up). With
// TOOLC_TEST_PLAN (a JSON file: corpus files and renderings), every file is also lowered by the
// package and by the installed `toolc lower` command, which must agree byte for byte.
// The MCP TypeScript SDK and the MCP reference servers (tests/conformance) are linked into the
// project's `node_modules`: the SDK's client lists real servers' tools for the package to lower.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { test } from 'node:test';

import { DefinitionError, TargetError, ToolcError, checkArguments, lower, lowerEach, version } from 'toolc';

const require = createRequire(import.meta.url);
const command = join(process.cwd(), 'node_modules', '.bin', 'toolc');

// What the MCP TypeScript SDK's `client.listTools()` resolves to.
const listed = {
  tools: [
    {
      name: 'read_file',
      description: 'Read a file of the workspace.',
      inputSchema: {
        type: 'object',
        properties: { path: { type: 'string' }, encoding: { type: ['string', 'null'], default: 'utf8' } },
        required: ['path'],
        additionalProperties: false,
        $schema: 'http://json-schema.org/draft-07/schema#',
      },
      annotations: { readOnlyHint: true },
    },
  ],
};

test('the package is installed from its tarball, not the build folder', () => {
  const path = require.resolve('toolc');
  assert.ok(path.startsWith(join(process.cwd(), 'node_modules', 'toolc')), path);
});

test("MCP tools lowered for Gemini: the request's `tools`, the messages, nothing refused", () => {
  const { tools, messages, refused } = lower(listed, 'gemini');
  const [declaration] = tools[0].functionDeclarations;
  assert.equal(declaration.name, 'read_file');
  assert.equal(declaration.parameters.type, 'object');
  assert.equal(declaration.parameters.properties.encoding.nullable, true);
  assert.deepEqual(refused, []);
  for (const message of messages) {
    assert.ok(['note', 'warning', 'error'].includes(message.kind), JSON.stringify(message));
  }
});

test('lowerEach is lower for each target, in order', () => {
  const targets = ['openai', 'anthropic', 'bedrock'];
  const each = lowerEach(listed, targets, { anthropicStrict: true });
  assert.equal(each.length, 3);
  targets.forEach((target, index) => assert.deepEqual(each[index], lower(listed, target, { anthropicStrict: true })));
  assert.equal(each[1].tools[0].strict, true);
});

test('a refused tool is named with its path and rule, and the others are lowered', () => {
  const tools = [
    { name: 'ok', description: 'Fine.', parameters: { type: 'object' } },
    { name: 'broken', description: 'Not a schema.', parameters: { type: 7 } },
  ];
  const { tools: lowered, refused, messages } = lower(tools, 'openai');
  assert.deepEqual(lowered.map((tool) => tool.function.name), ['ok']);
  assert.equal(refused.length, 1);
  assert.equal(refused[0].tool, 'broken');
  assert.equal(refused[0].path, '/1/parameters/type');
  assert.ok(refused[0].rule.length > 0);
  assert.ok(messages.some((message) => message.kind === 'error' && message.text.includes('`broken`')));
});

test('what is not tool definitions is a DefinitionError with the path', () => {
  assert.throws(
    () => lower({ tools: [{ name: 'x', description: 'X.', inputSchema: { type: 'object' } }, 'nope'] }, 'anthropic'),
    (err) => err instanceof DefinitionError && err instanceof ToolcError && err instanceof Error
      && err.path === '/tools/1' && err.name === 'DefinitionError' && err.message.includes('/tools/1'),
  );
  assert.throws(() => lower(42, 'openai'), DefinitionError);
});

test('an unknown target is a TargetError with its index and a did-you-mean', () => {
  assert.throws(
    () => lowerEach(listed, ['openai', 'antropic']),
    (err) => err instanceof TargetError && err.path === '/1' && err.message.includes('anthropic'),
  );
});

test("a server lowers for its grammar engine, and an unknown one is named", () => {
  // Not strict: strict mode would move the length itself, with no word of the engine.
  const lengths = {
    type: 'function',
    function: {
      name: 'set_code',
      strict: false,
      parameters: {
        type: 'object',
        properties: { code: { type: 'string', pattern: '^[A-Z]+$', maxLength: 3 } },
        required: ['code'],
      },
    },
  };
  // vLLM's xgrammar ignores a length beside a pattern: it goes into the description, reported.
  let lowered = lower([lengths], 'openai', { server: 'vllm' });
  const code = lowered.tools[0].function.parameters.properties.code;
  assert.deepEqual(code, { type: 'string', pattern: '^[A-Z]+$', description: '{maxLength: 3}' });
  assert.ok(lowered.messages.some((message) => message.text.includes('xgrammar ignores string lengths')));
  // The engine named overrides the server's: llama.cpp's converter reads no `\d`.
  const digits = { name: 'set_pin', inputSchema: { type: 'object', properties: { pin: { type: 'string', pattern: '^\\d{4}$' } } } };
  assert.ok(lower([digits], 'openai', { server: 'vllm' }).tools[0].function.parameters.properties.pin.pattern);
  lowered = lower([digits], 'openai', { server: 'vllm', engine: 'llama-cpp' });
  assert.equal(lowered.tools[0].function.parameters.properties.pin.pattern, undefined);
  assert.throws(
    () => lower([lengths], 'openai', { server: 'lmstudio' }),
    (err) => err instanceof ToolcError && err.message.includes('did you mean `lm-studio`'),
  );
});

test('a tagged union is written in the form asked for', () => {
  const move = { name: 'move', inputSchema: { oneOf: [
    { type: 'object', properties: { op: { const: 'go' }, to: { type: 'string' } }, required: ['op', 'to'] },
    { type: 'object', properties: { op: { const: 'stop' } }, required: ['op'] },
  ] } };
  assert.deepEqual(lower([move], 'mcp').tools[0].inputSchema.properties.op.enum, ['go', 'stop']);
  const nested = lower([move], 'openai', { unionForm: 'nested' }).tools[0].function.parameters;
  assert.deepEqual(nested.required, ['request']);
  assert.equal(nested.properties.request.anyOf.length, 2);
  const variants = lower([move], 'mcp', { unionForm: 'variants' }).tools[0].inputSchema;
  assert.equal(variants.anyOf.length, 2);
  assert.throws(
    () => lower([move], 'mcp', { unionForm: 'nestde' }),
    (err) => err instanceof ToolcError && err.message.includes('did you mean `nested`'),
  );
});

test("checkArguments: null for a good call, toolc's text for the model otherwise", () => {
  const [definition] = listed.tools;
  assert.equal(checkArguments(definition, '{"path": "README.md"}'), null);
  const text = checkArguments(definition, '{"pth": "README.md", "encoding": 8}');
  assert.equal(typeof text, 'string');
  assert.ok(text.includes('did you mean `path`?'), text);
  assert.ok(text.includes('/encoding'), text);
  assert.throws(() => checkArguments({ name: 'x', parameters: { type: 7 } }, '{}'), DefinitionError);
  const two = { tools: [...listed.tools, { ...listed.tools[0], name: 'write_file' }] };
  assert.throws(() => checkArguments(two, '{}'), DefinitionError);
});

test('an option LowerOptions does not name is a TypeError with a did-you-mean; so is one of the wrong type', () => {
  assert.throws(
    () => lower(listed, 'anthropic', { anthropic_strict: true }),
    (err) => err instanceof TypeError && err.message.includes('unknown option `anthropic_strict`')
      && err.message.includes('did you mean `anthropicStrict`?'),
  );
  assert.throws(() => lower(listed, 'anthropic', { strictMode: true }), /options are anthropicStrict, /);
  assert.throws(
    () => lowerEach(listed, ['anthropic'], { anthropicStrict: 'yes' }),
    (err) => err instanceof TypeError && err.message.includes('`anthropicStrict` must be a boolean, not string'),
  );
  assert.throws(() => lower(listed, 'gemini', { name: 7 }), /`name` must be a string, not number/);
  assert.throws(() => lower(listed, 'gemini', null), /options must be an object/);
  // An option left undefined is an option not given.
  assert.deepEqual(lower(listed, 'anthropic', { anthropicStrict: undefined }), lower(listed, 'anthropic'));
});

test('checkArguments takes the arguments as text or as the object an SDK decoded, with the same answer', () => {
  const [definition] = listed.tools;
  // Anthropic's `tool_use.input` and Gemini's `functionCall.args` arrive decoded.
  assert.equal(checkArguments(definition, { path: 'README.md' }), null);
  const sent = { pth: 'README.md', encoding: 8 };
  assert.equal(checkArguments(definition, sent), checkArguments(definition, JSON.stringify(sent)));
  assert.equal(checkArguments(definition, [1, 2]), checkArguments(definition, '[1,2]'));
  assert.match(checkArguments(definition, [1, 2]), /expected an object/);
});

test('the version is the command\'s, and the command runs', () => {
  const said = execFileSync(command, ['--version'], { encoding: 'utf8' });
  assert.equal(said.trim(), `toolc ${version}`);
  const run = spawnSync(command, ['lower', '--target', 'antropic', '-'], { input: '{}', encoding: 'utf8' });
  assert.equal(run.status, 2, run.stderr);
});

// --- The package and the command agree byte for byte ---------------------------------------------

// `toolc lower`'s flags, as `lower`'s options.
const OPTIONS = {
  '--anthropic-strict': 'anthropicStrict',
  '--gemini-json-schema': 'geminiJsonSchema',
  '--gemini-parameters-only': 'geminiParametersOnly',
  '--bedrock-strict': 'bedrockStrict',
  '--server': 'server',
  '--engine': 'engine',
};

/**
 * `definitions` lowered by the package for `target` with `flags`, after asserting that the installed
 * `toolc lower` gives the same for `file` (the definitions as written there, named `name`): the same
 * tools, the same messages, and the exit code that goes with them.
 */
function lowerAsTheCommand(definitions, file, name, target, flags) {
  // A flag with a value is written `--server=vllm`: one word, as the corpus's variants give it.
  const options = Object.fromEntries(
    flags.map((flag) => {
      const [name, value] = flag.split('=');
      return [OPTIONS[name], value ?? true];
    }),
  );
  const lowered = lower(definitions, target, { ...options, name });
  const run = spawnSync(command, ['lower', '--target', target, ...flags, file], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    maxBuffer: 1 << 30,
  });
  const what = `${file} for ${target} ${flags.join(' ')}`;
  const stdout = lowered.tools === null ? '' : `${JSON.stringify(lowered.tools, null, 2)}\n`;
  assert.equal(stdout, run.stdout, `${what}: the lowered tools`);
  const said = lowered.messages.map((message) => `${message.kind}: ${message.text}\n`).join('');
  assert.equal(said, run.stderr, `${what}: the messages`);
  assert.equal(run.status, lowered.refused.length > 0 || lowered.tools === null ? 1 : 0, `${what}: exit code`);
  return lowered;
}

// --- Real MCP servers, listed by the MCP TypeScript SDK's own client ------------------------------

/** The MCP reference servers the suite links into this project's `node_modules`, each with how to run it. */
function referenceServers(scratch) {
  const entry = (name) => {
    const folder = dirname(require.resolve(`@modelcontextprotocol/${name}/package.json`));
    return join(folder, Object.values(JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).bin)[0]);
  };
  return [
    { name: 'server-memory', args: [entry('server-memory')], env: { MEMORY_FILE_PATH: join(scratch, 'memory.jsonl') } },
    { name: 'server-everything', args: [entry('server-everything'), 'stdio'], env: {} },
    { name: 'server-filesystem', args: [entry('server-filesystem'), scratch], env: {} },
  ];
}

/** A client of the MCP TypeScript SDK, connected to `server` (one of `referenceServers`). */
async function connect(server) {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  const client = new Client({ name: 'toolc-package-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({
    command: process.execPath,
    args: server.args,
    env: { ...process.env, ...server.env },
    stderr: 'ignore',
  }));
  return client;
}

test("MCP servers' tools, as the MCP TypeScript SDK's client lists them, lowered as `toolc lower` lowers them", async () => {
  const scratch = mkdtempSync(join(tmpdir(), 'toolc-mcp-'));
  for (const server of referenceServers(scratch)) {
    const client = await connect(server);
    let listed;
    try {
      listed = await client.listTools();
    } finally {
      await client.close();
    }
    assert.ok(listed.tools.length > 0, `${server.name} lists tools`);
    const file = join(scratch, `${server.name}.json`);
    writeFileSync(file, JSON.stringify(listed));
    for (const [target, flags] of [['gemini', []], ['openai', []], ['anthropic', ['--anthropic-strict']]]) {
      const what = `${server.name} for ${target} ${flags.join(' ')}`;
      const { tools, refused } = lowerAsTheCommand(listed, file, server.name, target, flags);
      // Every listed tool is either in the request or refused with its path and rule; none is lost.
      const names = target === 'gemini'
        ? tools[0].functionDeclarations.map((declaration) => declaration.name)
        : tools.map((tool) => tool.function?.name ?? tool.name);
      const refusedNames = refused.map((refusal) => refusal.tool);
      assert.deepEqual([...names, ...refusedNames].sort(), listed.tools.map((tool) => tool.name).sort(), what);
      for (const refusal of refused) {
        assert.match(refusal.path, /^\//, `${what}: ${refusal.tool} is refused at a JSON Pointer`);
      }
    }
  }
});

test("a model's call to a real MCP server's tool, checked before it is sent", async () => {
  const [memory] = referenceServers(mkdtempSync(join(tmpdir(), 'toolc-mcp-')));
  const client = await connect(memory);
  try {
    const { tools } = await client.listTools();
    const createEntities = tools.find((tool) => tool.name === 'create_entities');
    const good = '{"entities": [{"name": "toolc", "entityType": "project", "observations": ["lowers tools"]}]}';
    assert.equal(checkArguments(createEntities, good), null);
    // The call the check let through is one the server takes.
    const result = await client.callTool({ name: 'create_entities', arguments: JSON.parse(good) });
    assert.notEqual(result.isError, true, JSON.stringify(result));
    const text = checkArguments(createEntities, '{"entitys": [{"name": "toolc", "entityType": 3}]}');
    assert.match(text, /`create_entities`/);
    assert.match(text, /missing required field `entities`/);
    assert.match(text, /did you mean `entities`\?/);
  } finally {
    await client.close();
  }
});

// --- The corpus: the package and the command agree byte for byte, file by file -------------------

const planFile = process.env.TOOLC_TEST_PLAN;
test('on the corpus, lower gives byte for byte what `toolc lower` gives, messages included', { skip: !planFile }, () => {
  const plan = JSON.parse(readFileSync(planFile, 'utf8'));
  const scratch = mkdtempSync(join(tmpdir(), 'toolc-node-'));
  let compared = 0;
  for (const file of plan.files) {
    // The definitions as this program holds them, and the file it would give the command.
    const definitions = JSON.parse(readFileSync(file, 'utf8'));
    const name = basename(file, '.json');
    const input = join(scratch, `${name}.json`);
    writeFileSync(input, JSON.stringify(definitions));
    for (const { target, flags } of plan.renderings) {
      lowerAsTheCommand(definitions, input, name, target, flags);
      compared += 1;
    }
  }
  assert.ok(compared > 0);
  console.log(`toolc-corpus: ${compared} lowerings compared (${plan.files.length} files)`);
});
