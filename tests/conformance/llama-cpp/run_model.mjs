// A small open model calling tools under the grammar llama.cpp makes of their lowered parameters,
// as llama-server does for a named tool choice: each tool's parameters go through llama.cpp's own
// converter (`convert`, built by setup.sh), the grammar constrains the model's decoding, and the
// text it writes is the call's arguments. Greedy decoding (temperature 0), so the same model gives
// the same calls; a repeat penalty keeps a model this small from writing one list item forever.
//
// Usage: node run_model.mjs PLAN   (PLAN: {"model": GGUF path, "tools": {name: OpenAI function},
//                                          "asks": [[tool name, what the user asks]]})
// Prints a JSON array: {"name", "arguments"} for each ask, in order.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { getLlama, LlamaChatSession } from 'node-llama-cpp';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const llama = await getLlama({ gpu: false, build: 'never', logLevel: 'error', logger: () => {} });
const model = await llama.loadModel({ modelPath: plan.model });
const calls = [];
for (const [name, ask] of plan.asks) {
  const fn = plan.tools[name];
  const converted = JSON.parse(execFileSync('./convert', { input: `${JSON.stringify(fn.parameters)}\n` }).toString());
  if (converted.error) throw new Error(`${name}: llama.cpp's converter refuses the parameters: ${converted.error}`);
  const grammar = await llama.createGrammar({ grammar: converted.grammar });
  // A context of its own for each ask: a model with sliding-window attention (Gemma 3) keeps a
  // disposed sequence's slot, so a second one would not be given.
  const context = await model.createContext({ contextSize: 2048, seed: 0, threads: 2 });
  const sequence = context.getSequence();
  const session = new LlamaChatSession({
    contextSequence: sequence,
    systemPrompt: `Call ${name}: ${fn.description} Its parameters: ${JSON.stringify(fn.parameters)}. `
      + 'Answer with its arguments as JSON, using only the names the user gives.',
  });
  const text = await session.prompt(ask, {
    grammar,
    temperature: 0,
    maxTokens: 400,
    repeatPenalty: { penalty: 1.3, lastTokens: 64 },
  });
  calls.push({ name, arguments: text });
  session.dispose();
  sequence.dispose();
  await context.dispose();
}
console.log(JSON.stringify(calls));
await llama.dispose();
