// Types of the npm package `toolc`.

/** A JSON value, as `JSON.parse` gives it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * Tool definitions in any provider's format, as a program holds them: one definition or an array of
 * them (OpenAI chat or Responses, Anthropic, Gemini `functionDeclarations`, Bedrock `toolSpec`, MCP
 * tools, a bare JSON Schema in any common dialect), an MCP `tools/list` result such as the MCP
 * TypeScript SDK's `client.listTools()` gives, or a request body's `tools`. Values are read as
 * `JSON.stringify` writes them.
 */
export type Definitions = unknown;

/** The targets toolc lowers for. */
export type Target = 'openai' | 'openai-responses' | 'anthropic' | 'gemini' | 'bedrock' | 'mcp' | 'json-schema';

/** Every target, in the order `toolc` lists them. */
export const TARGETS: readonly Target[];

/** The package's version, the same as the `toolc` crates' and command's. */
export const version: string;

/** Per-target options; each applies to its own target alone. */
export interface LowerOptions {
  /** Anthropic: strict tool use for tools that can take it (`toolc lower --anthropic-strict`). */
  anthropicStrict?: boolean;
  /** Gemini: every declaration as `parametersJsonSchema` (`--gemini-json-schema`). */
  geminiJsonSchema?: boolean;
  /** Gemini: refuse a tool `parameters` cannot express instead of giving it `parametersJsonSchema`. */
  geminiParametersOnly?: boolean;
  /** Bedrock: strict mode for the tools that ask for it (`--bedrock-strict`). */
  bedrockStrict?: boolean;
  /**
   * OpenAI: for an open-model server, only what its grammar engine compiles and honours, the rest
   * moved into the description (`--server`).
   */
  server?: 'vllm' | 'sglang' | 'llama-cpp' | 'ollama' | 'lm-studio' | 'mistral-rs';
  /** OpenAI: for this grammar engine rather than the server's own (`--engine`). */
  engine?: 'xgrammar' | 'llguidance' | 'llama-cpp';
  /**
   * A tool whose arguments are a tagged union: one object (`flat`), the union under `request`
   * (`nested`), or the union at the root (`variants`: MCP, JSON Schema, a server's engine) (`--union-form`);
   * the target's default when left out.
   */
  unionForm?: 'flat' | 'nested' | 'variants';
  /** The name a bare JSON Schema's tool takes (as `toolc lower` takes a file's stem); `tools` by default. */
  name?: string;
}

/** One line of what a lowering has to say; `${kind}: ${text}` is the line `toolc lower` prints. */
export interface Message {
  kind: 'note' | 'warning' | 'error';
  text: string;
}

/** A tool left out of the lowering: which, where, and the rule it breaks. */
export interface Refusal {
  tool: string;
  /** JSON Pointer into the definitions given (reading refused it) or into the tool's rendering. */
  path: string;
  rule: string;
}

/** What `lower` made of the definitions. */
export interface Lowered {
  /**
   * The value of the request's `tools` field for the target, with every tool that could be lowered
   * (what `toolc lower` writes); `null` when the tools together break a rule of the target (unique
   * names, a request's limits), said in `messages`.
   */
  tools: JsonValue[] | null;
  /** In order: hidden text found (warnings), dialect quirks read and changes made (notes), refusals (errors). */
  messages: Message[];
  /** The tools refused, in order; each is also an error in `messages`. */
  refused: Refusal[];
}

/** Every error toolc throws: the rule broken, and where (a JSON Pointer). */
export class ToolcError extends Error {
  readonly path: string;
  readonly rule: string;
}

/** The definitions given are not tool definitions; `path` points into them. */
export class DefinitionError extends ToolcError {}

/** A target toolc does not know; `path` is its index in the targets given (`/0` for `lower`). */
export class TargetError extends ToolcError {}

/**
 * Lowers tool definitions of any provider for `target`, as `toolc lower` does to a file: a tool that
 * cannot be lowered is left out and named in `refused`, the others lowered.
 * @throws {DefinitionError} when the value as a whole is not tool definitions.
 * @throws {TargetError} for an unknown target.
 * @throws {TypeError} for an option `LowerOptions` does not name (with a did-you-mean) or of the wrong type.
 */
export function lower(definitions: Definitions, target: Target, options?: LowerOptions): Lowered;

/** `lower` for each target in order, reading and checking the definitions once. */
export function lowerEach(definitions: Definitions, targets: readonly Target[], options?: LowerOptions): Lowered[];

/**
 * Checks a model's call against one tool definition (any provider's format): `null` when it is good,
 * otherwise the text toolc gives the model — every problem at once, each with its path, what was
 * expected, what arrived, and the name it probably meant.
 * @param args the call's arguments: the JSON text the model sent (OpenAI's `function.arguments`), or
 * the value an SDK has already decoded from it (Anthropic's `input`, Gemini's `args`).
 * @throws {DefinitionError} when the definition cannot be read or holds more than one tool.
 */
export function checkArguments(definition: Definitions, args: string | JsonValue): string | null;
