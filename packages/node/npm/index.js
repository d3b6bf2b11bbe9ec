'use strict';
// toolc for Node.js: tool definitions of any provider lowered for any other, as `toolc lower` does,
// and a model's call checked against a definition. Values cross into Rust as JSON text (see
// src/lib.rs), so what the addon reads is exactly the file `toolc lower` would be given.

const { join } = require('node:path');

const PLATFORMS = {
  'linux-x64': 'linux-x64-gnu',
};

function loadNative() {
  const platform = PLATFORMS[`${process.platform}-${process.arch}`];
  if (platform === undefined) {
    throw new Error(
      `toolc: no native build for ${process.platform}-${process.arch} in this package; ` +
        'build one from the repository with packages/build.sh (see the README)',
    );
  }
  return require(join(__dirname, 'native', `toolc.${platform}.node`));
}

const native = loadNative();

/** What every error toolc throws is: the rule broken and where. */
class ToolcError extends Error {
  constructor(message, path, rule) {
    super(message);
    this.name = new.target.name;
    this.path = path;
    this.rule = rule;
  }
}

/** The definitions (or the definition) given are not tool definitions; `path` points into them. */
class DefinitionError extends ToolcError {}

/** A target name toolc does not know; `path` points at it in the targets given (`/0` for `lower`). */
class TargetError extends ToolcError {}

function answer(text) {
  const value = JSON.parse(text);
  const error = value !== null && typeof value === 'object' && !Array.isArray(value) ? value.error : undefined;
  if (error === undefined) {
    return value;
  }
  const at = error.path === '' ? '/' : error.path;
  switch (error.kind) {
    case 'definition':
      throw new DefinitionError(`not tool definitions at ${at}: ${error.rule}`, error.path, error.rule);
    case 'target':
      throw new TargetError(`${error.rule} (targets ${at})`, error.path, error.rule);
    default:
      throw new ToolcError(error.rule, error.path, error.rule);
  }
}

function json(value, what) {
  const text = JSON.stringify(value);
  if (text === undefined) {
    throw new TypeError(`toolc: ${what} must be JSON values (objects, arrays, strings, numbers, booleans, null)`);
  }
  return text;
}

// `LowerOptions` of index.d.ts: each option's type.
const OPTIONS = {
  anthropicStrict: 'boolean',
  geminiJsonSchema: 'boolean',
  geminiParametersOnly: 'boolean',
  bedrockStrict: 'boolean',
  server: 'string',
  engine: 'string',
  unionForm: 'string',
  name: 'string',
};

/** A key of OPTIONS that `key` is probably meant as (another case or `_` for camelCase), if any. */
function meant(key) {
  const bare = (word) => word.replace(/[_-]/g, '').toLowerCase();
  return Object.keys(OPTIONS).find((option) => bare(option) === bare(key));
}

function checkOptions(options) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError('toolc: options must be an object of LowerOptions');
  }
  for (const [key, value] of Object.entries(options)) {
    const type = OPTIONS[key];
    if (type === undefined) {
      const guess = meant(key);
      const hint = guess === undefined ? `options are ${Object.keys(OPTIONS).join(', ')}` : `did you mean \`${guess}\`?`;
      throw new TypeError(`toolc: unknown option \`${key}\`; ${hint}`);
    }
    if (value !== undefined && typeof value !== type) {
      throw new TypeError(`toolc: option \`${key}\` must be a ${type}, not ${value === null ? 'null' : typeof value}`);
    }
  }
}

function lowerEach(definitions, targets, options = {}) {
  if (!Array.isArray(targets) || targets.some((target) => typeof target !== 'string')) {
    throw new TypeError('toolc: targets must be an array of target names');
  }
  checkOptions(options);
  return answer(native.lowerEach(json(definitions, 'definitions'), JSON.stringify(targets), JSON.stringify(options)));
}

function lower(definitions, target, options = {}) {
  if (typeof target !== 'string') {
    throw new TypeError('toolc: target must be a target name');
  }
  return lowerEach(definitions, [target], options)[0];
}

function checkArguments(definition, args) {
  // JSON text as the model sent it, or the value an SDK decoded from it.
  const text = typeof args === 'string' ? args : json(args, 'arguments');
  return answer(native.checkArguments(json(definition, 'definition'), text));
}

const TARGETS = Object.freeze([
  'openai',
  'openai-responses',
  'anthropic',
  'gemini',
  'bedrock',
  'mcp',
  'json-schema',
]);

const { version } = require('./package.json');

module.exports = { lower, lowerEach, checkArguments, ToolcError, DefinitionError, TargetError, TARGETS, version };
