"""Checks the tool calls toolc assembles from a provider's raw SSE stream against the response the
provider's own SDK assembles from the same bytes.

Usage: check_stream.py CASES_JSON FINISHED_JSON
CASES_JSON is a list of {"label", "target", "sse", "calls", "unfinished", "interrupted"}: `target` is
openai | openai-responses | anthropic | gemini | bedrock, `sse` the fixture's path, `calls` the complete calls
toolc assembled in order ({"id", "name", "arguments"}: arguments as JSON text; for Anthropic and
Gemini an object, where "" means none), `unfinished` the ids of the calls toolc saw cut in the middle
of their arguments, `interrupted` whether toolc saw the stream end early (an error event, or no end).

Each case runs the SDK's real client with no network: an httpx2 MockTransport answers the request
with status 200, `content-type: text/event-stream` and the fixture's bytes in 7-byte pieces, so the
SDK's own SSE decoder does the splitting.
- openai: `client.chat.completions.stream(...)`, then `get_final_completion()`, or
  `current_completion_snapshot` when the stream raised. The stream ends at `data: [DONE]` (found with
  the SDK's SSEDecoder); a call is finished once the SDK fires its
  `tool_calls.function.arguments.done` event (a later call starts, or the choice's finish_reason), or
  when its whole arguments came in the chunk that holds the finish_reason (the SDK fires no event
  for it then). openai-python raises a TypeError at a tool call piece without `index` (Mistral,
  Ollama and Gemini's OpenAI-compatible endpoint send whole calls so): for such a stream the SDK is
  given each of those pieces with the index of the next call when it names a tool, of the last call
  when it names none (as the Vercel AI SDK's tool call tracker reads them), every other byte as
  recorded; the SDK then checks the rest (ids, names, arguments, ending).
- openai-responses: `client.responses.stream(...)`, then `get_final_response()`, which raises unless a
  `response.completed` event came. Without it, the calls are the `response.output_item.done` items,
  then the items still open with the arguments their last delta event holds. Ids are `call_id`s.
- anthropic: `client.messages.stream(...)`, then `get_final_message()`, or
  `current_message_snapshot` when the stream raised; `tool_use` blocks only (not `server_tool_use`).
  The stream ends at `message_stop`. A call's text is its `input_json_delta` pieces joined (the SDK's
  `input` is a partial parse); a block finishes at `content_block_stop`, and a block that came
  pre-filled in `message_start` (`message.content`, which the SDK's snapshot begins with) is whole.
- bedrock: botocore's own event-stream reading of ConverseStream (there is no Bedrock client here:
  boto3 is botocore's thin wrapper): `EventStreamBuffer` checks each message's CRCs and
  `EventStream` with `EventStreamJSONParser` and the service model's `ConverseStream` output shape
  parses the events, 7-byte pieces at a time, raising for an exception message. botocore keeps no
  snapshot, so the blocks are put together here as the AWS SDKs' own stream accumulators do: a
  `contentBlockStart` opens a `toolUse` (text blocks start at their first delta), its
  `toolUse.input` deltas are joined, and `contentBlockStop` finishes it. The stream ends at
  `messageStop`. The finished response is the Converse response of those blocks (text and toolUse;
  reasoning left out, as dispatch reads none).
- gemini: `client.models.generate_content_stream(...)`, automatic continuation off (one request, as
  toolc reads one response). The SDK has no accumulator (`chats.py` keeps
  each chunk's content as it comes), so the parts of the chunks are concatenated, adjacent text parts
  joined. A call streamed in pieces (Vertex AI's `partialArgs`/`willContinue`, which the SDK only
  parses) is put together here: it opens with a part holding its name and `willContinue: true`, each
  PartialArg sets the value at its JSONPath (string values run on while the PartialArg's
  `willContinue` is true), and a part without `willContinue` closes it. Numbers with no fraction are
  written as integers, as the API writes them. The stream ends at a chunk with a `finishReason`.

Checks per case: the SDK's finished calls less those in `unfinished` equal `calls` (order, ids,
names; arguments as exact text for the OpenAI targets, as JSON values for Anthropic and Gemini, where
"" equals {}); every id in `unfinished` is a call the SDK saw, did not finish and holds arguments that
are not a complete JSON object; `interrupted` is true exactly when the SDK raised an error for the
stream or never saw its end.

FINISHED_JSON (written): {label: response}, the response the SDK assembled in the provider's
non-streamed shape (a ChatCompletion, a Response, a Message, a GenerateContentResponse in the REST
API's camelCase), without the SDK's own `parsed*` fields and without the unfinished calls; `null`
where the SDK refused the stream (a `tool_use` input that is not JSON, which toolc answers with an
error for the model instead).
"""

import base64
import json
import sys
import warnings

import httpx2
from anthropic import Anthropic
from anthropic._streaming import SSEDecoder as AnthropicSSEDecoder
from google import genai
from google.genai import types
from openai import OpenAI
from openai._streaming import SSEDecoder

import bedrock as bedrock_model
from botocore.eventstream import EventStream
from botocore.parsers import EventStreamJSONParser
from tally import check, finish

PIECE = 7
PROMPT = "What's the weather in Paris?"


def http_client(path, body=None):
    """An httpx2 client whose every request is answered with the fixture's bytes (or `body`), streamed."""
    body = open(path, "rb").read() if body is None else body
    requests = []

    def answer(request):
        requests.append(request)
        if len(requests) > 1:
            raise RuntimeError(f"the SDK sent a second request, to {request.url}")
        pieces = (body[i:i + PIECE] for i in range(0, len(body), PIECE))
        return httpx2.Response(200, headers={"content-type": "text/event-stream"}, content=pieces)

    return httpx2.Client(transport=httpx2.MockTransport(answer))


def is_object(text):
    try:
        return isinstance(json.loads(text), dict)
    except ValueError:
        return False


def dump(model):
    """An OpenAI or Anthropic model as the API writes it: the fields it came with, by their wire names."""
    with warnings.catch_warnings():
        # Blocks of types this SDK version does not know yet are kept as the nearest type it knows.
        warnings.filterwarnings("ignore", message="Pydantic serializer warnings")
        return model.model_dump(mode="json", by_alias=True, exclude_unset=True)


def snapshot(get):
    """The SDK's snapshot of a stream that raised, or None when it holds none yet."""
    try:
        return get()
    except (AssertionError, AttributeError):
        return None


def failure(err):
    return f"{type(err).__name__}: {err}".replace("\n", " ")[:300]


class Read:
    """What the SDK made of one stream: its calls ({id, name, arguments, done, text}, where `text` is
    the arguments as they came and `done` whether the SDK finished the call), whether the stream raised
    (`error`) or ended, and the finished response (a function of the ids to leave out)."""

    def __init__(self):
        self.calls = []
        self.error = None
        self.ended = False
        self.finished = lambda unfinished: {}


def indexed(body):
    """The chat stream `body` with every tool call piece that has no `index` given one: the next
    call's when it names a tool, the last call's when it names none; `None` when every piece has one."""
    lines, changed, last = [], False, -1
    for line in body.split(b"\n"):
        chunk = None
        if line.startswith(b"data: ") and not line.startswith(b"data: [DONE]"):
            try:
                chunk = json.loads(line[len(b"data: "):])
            except ValueError:
                pass
        pieces = [piece for choice in (chunk or {}).get("choices") or [] if choice.get("index", 0) == 0
                  for piece in (choice.get("delta") or {}).get("tool_calls") or []]
        given = [piece for piece in pieces if piece.get("index") is None]
        for piece in pieces:
            if piece.get("index") is None:
                piece["index"] = last + 1 if (piece.get("function") or {}).get("name") else last
            last = max(last, piece["index"])
        if given:
            changed = True
            line = b"data: " + json.dumps(chunk, ensure_ascii=False, separators=(",", ":")).encode()
        lines.append(line)
    return b"\n".join(lines) if changed else None


def read_openai(path):
    read = Read()
    body = indexed(open(path, "rb").read())
    client = OpenAI(api_key="sk-test", base_url="https://api.openai.test/v1", http_client=http_client(path, body),
                    max_retries=0)
    stream, done, finished_with = None, set(), set()
    try:
        with client.chat.completions.stream(model="gpt-4.1", messages=[{"role": "user", "content": PROMPT}]) as stream:
            for event in stream:
                if event.type == "tool_calls.function.arguments.done":
                    done.add(event.index)
                elif event.type == "chunk":
                    for choice in event.chunk.choices:
                        if choice.index == 0 and choice.finish_reason:
                            finished_with.update(piece.index for piece in choice.delta.tool_calls or [])
            completion = stream.get_final_completion()
    except Exception as err:  # noqa: BLE001 - any error the SDK raises interrupts the stream
        read.error = failure(err)
        completion = snapshot(lambda: stream.current_completion_snapshot)
    body = open(path, "rb").read()
    read.ended = any(sse.data.startswith("[DONE]") for sse in SSEDecoder().iter_bytes(iter([body])))
    if completion is None or not completion.choices:
        return read
    for index, call in enumerate(completion.choices[0].message.tool_calls or []):
        read.calls.append({"id": call.id, "name": call.function.name, "arguments": call.function.arguments,
                           "text": call.function.arguments, "done": index in done or index in finished_with})

    def finished(unfinished):
        dumped = dump(completion)
        for choice in dumped["choices"]:
            message = choice["message"]
            message.pop("parsed", None)
            calls = [c for c in message.get("tool_calls") or [] if c["id"] not in unfinished]
            for call in calls:
                call.pop("index", None)  # a chunk's field, not a completion's
                call["function"].pop("parsed_arguments", None)
            if calls:
                message["tool_calls"] = calls
            else:
                message.pop("tool_calls", None)
        return dumped

    read.finished = finished
    return read


def read_openai_responses(path):
    read = Read()
    client = OpenAI(api_key="sk-test", base_url="https://api.openai.test/v1", http_client=http_client(path),
                    max_retries=0)
    created, added, done, arguments, final = None, {}, {}, {}, None
    try:
        with client.responses.stream(model="gpt-4.1", input=PROMPT) as stream:
            for event in stream:
                if event.type == "response.created":
                    created = event.response
                elif event.type == "response.output_item.added":
                    added[event.output_index] = event.item
                elif event.type == "response.function_call_arguments.delta":
                    arguments[event.output_index] = event.snapshot
                elif event.type == "response.output_item.done":
                    done[event.output_index] = event.item
                elif event.type == "error":
                    read.error = f"error event: {event.code}: {event.message}"
            final = stream.get_final_response()
            read.ended = True
    except Exception as err:  # noqa: BLE001
        read.error = read.error or failure(err)
    if final is not None:
        items = [(item, True, item.arguments if item.type == "function_call" else None) for item in final.output]
    else:
        items = [(done[i], True, getattr(done[i], "arguments", None)) if i in done else
                 (added[i], False, arguments.get(i, getattr(added[i], "arguments", "")))
                 for i in sorted(added.keys() | done.keys())]
    for item, finished_item, text in items:
        if item.type == "function_call":
            read.calls.append({"id": item.call_id, "name": item.name, "arguments": text, "text": text,
                               "done": finished_item})

    def finished(unfinished):
        if final is not None:
            dumped = dump(final)
        elif created is not None:
            dumped = dump(created)
            dumped["output"] = [dump(done[i]) for i in sorted(done)]
        else:
            return {}
        dumped["output"] = [item for item in dumped["output"] if item.get("call_id") not in unfinished]
        for item in dumped["output"]:
            item.pop("parsed_arguments", None)
            for content in item.get("content") or []:
                if isinstance(content, dict):
                    content.pop("parsed", None)
        return dumped

    read.finished = finished
    return read


def read_anthropic(path):
    read = Read()
    client = Anthropic(api_key="sk-ant-test", base_url="https://api.anthropic.test", http_client=http_client(path),
                       max_retries=0)
    stream, texts, stopped, message = None, {}, set(), None
    try:
        with client.messages.stream(model="claude-sonnet-4-6", max_tokens=1024,
                                    messages=[{"role": "user", "content": PROMPT}]) as stream:
            for event in stream:
                if event.type == "message_start":
                    stopped.update(range(len(event.message.content)))
                elif event.type == "content_block_delta" and event.delta.type == "input_json_delta":
                    texts[event.index] = texts.get(event.index, "") + event.delta.partial_json
                elif event.type == "content_block_stop":
                    stopped.add(event.index)
                elif event.type == "message_stop":
                    read.ended = True
            message = stream.get_final_message()
    except Exception as err:  # noqa: BLE001
        read.error = failure(err)
        message = snapshot(lambda: stream.current_message_snapshot)
    if read.error is not None and "Unable to parse tool parameter JSON" in read.error:
        return refused_json(path, read)
    if message is None:
        return read
    for index, block in enumerate(message.content):
        if block.type == "tool_use":
            # A block that ends with no pieces keeps the input it started with.
            text = texts.get(index, "") or (json.dumps(block.input) if index in stopped else "")
            read.calls.append({"id": block.id, "name": block.name, "arguments": block.input, "text": text,
                               "done": index in stopped})

    def finished(unfinished):
        dumped = dump(message)
        dumped["content"] = [b for b in dumped["content"] if not (b["type"] == "tool_use" and b["id"] in unfinished)]
        for block in dumped["content"]:
            block.pop("parsed_output", None)
        return dumped

    read.finished = finished
    return read


def refused_json(path, read):
    """The SDK stops the stream at a `tool_use` input that is not JSON. toolc answers such a call with
    an error the model can act on instead, so its calls are read here from the whole stream (decoded
    by the SDK's own SSE decoder): each `tool_use` block that stops, its pieces joined (without the
    white space between tokens, as toolc passes them on); there is no finished response to compare."""
    blocks, texts, stopped = {}, {}, set()
    for sse in AnthropicSSEDecoder().iter_bytes(iter([open(path, "rb").read()])):
        event = json.loads(sse.data)
        if event.get("type") == "content_block_start" and event["content_block"].get("type") == "tool_use":
            blocks[event["index"]] = event["content_block"]
        elif event.get("type") == "content_block_delta" and event["delta"].get("type") == "input_json_delta":
            texts[event["index"]] = texts.get(event["index"], "") + event["delta"]["partial_json"]
        elif event.get("type") == "content_block_stop":
            stopped.add(event["index"])
    read.calls = [{"id": block["id"], "name": block["name"], "arguments": compact(texts.get(index)) or "{}",
                   "text": texts.get(index, ""), "done": index in stopped} for index, block in sorted(blocks.items())]
    read.finished = lambda unfinished: None
    return read


def compact(text):
    """JSON text without the white space between its tokens (strings kept as they are), as toolc
    passes on a streamed input: the way a finished message holds it. `text` need not be valid JSON."""
    out, in_string, escaped = [], False, False
    for c in text or "":
        if escaped:
            escaped = False
        elif c == "\\" and in_string:
            escaped = True
        elif c == '"':
            in_string = not in_string
        elif c in " \t\n\r" and not in_string:
            continue
        out.append(c)
    return "".join(out)


def set_path(target, path, value, append):
    """Sets `value` at a JSONPath of names and indices (`$.a.b[0].c`) in `target`; `append` joins a
    string to the one already there."""
    steps = []
    for name in path.removeprefix("$").lstrip(".").split("."):
        head, *indices = name.replace("]", "").split("[")
        steps.append(head)
        steps.extend(int(i) for i in indices)
    for step, following in zip(steps, steps[1:]):
        empty = [] if isinstance(following, int) else {}
        if isinstance(step, int):
            while len(target) <= step:
                target.append(None)
            target[step] = target[step] if target[step] is not None else empty
        else:
            target = target.setdefault(step, empty)
        target = target[step]
    last = steps[-1]
    if isinstance(last, int):
        while len(target) <= last:
            target.append(None)
    if append and isinstance(target[last] if isinstance(last, int) else target.get(last), str):
        target[last] += value
    else:
        target[last] = value


def partial_value(arg):
    if arg.string_value is not None:
        return arg.string_value
    if arg.number_value is not None:
        number = arg.number_value
        return int(number) if float(number).is_integer() else number
    if arg.bool_value is not None:
        return arg.bool_value
    return None


class Assembler:
    """Joins the parts of Gemini chunks into one content, putting streamed calls together."""

    def __init__(self):
        self.parts = []
        self.open = None  # the streamed call under way: (part, {path: continuing})

    def add(self, part):
        call = part.function_call
        if call is None:
            last = self.parts[-1] if self.parts else None
            if part.text is not None and last is not None and last.text is not None and last.thought == part.thought \
                    and not part.thought_signature:
                last.text += part.text
            elif part.text != "" or part.thought_signature:
                self.parts.append(part.model_copy(deep=True))
            return
        streamed = call.partial_args or call.will_continue or (self.open is not None and call.name is None)
        if not streamed:
            self.parts.append(part.model_copy(deep=True))
            return
        if call.name is not None:
            opened = part.model_copy(deep=True)
            opened.function_call = types.FunctionCall(id=call.id, name=call.name, args={})
            self.open = (opened, {})
        if self.open is None:
            return
        opened, continuing = self.open
        for arg in call.partial_args or []:
            set_path(opened.function_call.args, arg.json_path, partial_value(arg), continuing.get(arg.json_path, False))
            continuing[arg.json_path] = bool(arg.will_continue)
        if not call.will_continue:
            self.parts.append(opened)
            self.open = None


def read_gemini(path):
    read = Read()
    client = genai.Client(api_key="test-key", http_options=types.HttpOptions(
        base_url="https://generativelanguage.googleapis.test", httpx_client=http_client(path),
        retry_options=types.HttpRetryOptions(attempts=1)))
    chunks, assembler = [], Assembler()
    try:
        # One request, one stream: the SDK does not resume from continuation tokens here.
        config = types.GenerateContentConfig(automatic_continuation=False)
        for chunk in client.models.generate_content_stream(model="gemini-3.1-pro-preview", contents=PROMPT,
                                                           config=config):
            chunks.append(chunk)
            candidate = (chunk.candidates or [None])[0]
            if candidate is None:
                continue
            for part in (candidate.content.parts or []) if candidate.content else []:
                assembler.add(part)
            if candidate.finish_reason:
                read.ended = True
    except Exception as err:  # noqa: BLE001
        read.error = failure(err)
    for part in assembler.parts:
        if part.function_call is not None:
            call = part.function_call
            read.calls.append({"id": call.id, "name": call.name, "arguments": call.args or {},
                               "text": json.dumps(call.args or {}, ensure_ascii=False), "done": True})
    if assembler.open is not None:
        call = assembler.open[0].function_call
        read.calls.append({"id": call.id, "name": call.name, "arguments": call.args, "text": "", "done": False})
    if not chunks:
        return read

    def finished(unfinished):
        last = chunks[-1]
        reasons = [c.candidates[0].finish_reason for c in chunks if c.candidates and c.candidates[0].finish_reason]
        response = types.GenerateContentResponse(
            candidates=[types.Candidate(content=types.Content(role="model", parts=assembler.parts),
                                        finish_reason=reasons[-1] if reasons else None, index=0)],
            usage_metadata=last.usage_metadata, model_version=last.model_version, response_id=last.response_id)
        dumped = response.model_dump(mode="json", by_alias=True, exclude_none=True)
        # pydantic writes bytes as URL-safe base64; the API writes thought signatures in standard base64.
        for part, written in zip(assembler.parts, dumped["candidates"][0]["content"]["parts"]):
            if part.thought_signature:
                written["thoughtSignature"] = base64.b64encode(part.thought_signature).decode()
        return dumped

    read.finished = finished
    return read


class RawBody:
    """The response body botocore's EventStream reads: the bytes in 7-byte pieces."""

    def __init__(self, body):
        self.body = body

    def stream(self):
        for i in range(0, len(self.body), PIECE):
            yield self.body[i:i + PIECE]

    def close(self):
        pass


def read_bedrock(path):
    read = Read()
    shape = bedrock_model.operation("ConverseStream").output_shape.members["stream"]
    blocks, done, stop, usage = {}, set(), None, None
    try:
        for event in EventStream(RawBody(open(path, "rb").read()), shape, EventStreamJSONParser(), "ConverseStream"):
            ((kind, data),) = event.items()
            index = data.get("contentBlockIndex")
            if kind == "contentBlockStart" and "toolUse" in data["start"]:
                start = data["start"]["toolUse"]
                blocks[index] = {"toolUse": {"toolUseId": start["toolUseId"], "name": start["name"]}, "input": ""}
            elif kind == "contentBlockDelta":
                delta = data["delta"]
                if "text" in delta:
                    blocks.setdefault(index, {"text": ""})["text"] += delta["text"]
                elif "toolUse" in delta and index in blocks:
                    blocks[index]["input"] += delta["toolUse"]["input"]
            elif kind == "contentBlockStop":
                done.add(index)
            elif kind == "messageStop":
                read.ended = True
                stop = data["stopReason"]
            elif kind == "metadata":
                usage = data.get("usage")
    except Exception as err:  # noqa: BLE001
        read.error = failure(err)
    for index in sorted(blocks):
        block = blocks[index]
        if "toolUse" in block:
            text = block["input"]
            try:
                arguments = json.loads(text) if text else {}
            except ValueError:
                arguments = text
            read.calls.append({"id": block["toolUse"]["toolUseId"], "name": block["toolUse"]["name"],
                               "arguments": arguments, "text": text, "done": index in done})

    def finished(unfinished):
        content = []
        for index in sorted(blocks):
            block = blocks[index]
            if "text" in block:
                content.append({"text": block["text"]})
            elif block["toolUse"]["toolUseId"] not in unfinished:
                text = block["input"]
                content.append({"toolUse": {**block["toolUse"], "input": json.loads(text) if text else {}}})
        response = {"output": {"message": {"role": "assistant", "content": content}}, "stopReason": stop or "end_turn"}
        if usage is not None:
            response["usage"] = usage
        return response

    read.finished = finished
    return read


READERS = {"openai": read_openai, "openai-responses": read_openai_responses, "anthropic": read_anthropic,
           "gemini": read_gemini, "bedrock": read_bedrock}


def same_arguments(target, sdk, ours):
    if target.startswith("openai") or isinstance(sdk, str):
        return sdk == ours
    try:
        return (sdk or {}) == (json.loads(ours) if ours != "" else {})
    except ValueError:
        return False


def check_case(case, results):
    label, target = case["label"], case["target"]
    read = READERS[target](case["sse"])
    unfinished = set(case["unfinished"])
    # A streamed Gemini call that never finished has no id to name it by.
    expected = [c for c in read.calls if c["id"] not in unfinished and (c["done"] or c["id"] is not None)]
    ours = case["calls"]
    same = len(expected) == len(ours) and all(
        e["id"] == o["id"] and e["name"] == o["name"] and same_arguments(target, e["arguments"], o["arguments"])
        for e, o in zip(expected, ours))
    check(f"{label}: calls as the SDK assembles them", same,
          f"SDK {[(c['id'], c['name'], c['arguments']) for c in expected]}, toolc "
          f"{[(c['id'], c['name'], c['arguments']) for c in ours]}" + (f" ({read.error})" if read.error else ""))
    seen = {c["id"]: c for c in read.calls}
    for call_id in case["unfinished"]:
        call = seen.get(call_id)
        check(f"{label}: {call_id} unfinished", call is not None and not call["done"] and not is_object(call["text"]),
              "the SDK did not see that call" if call is None else
              f"the SDK {'finished' if call['done'] else 'holds'} it with arguments {call['text']!r}")
    interrupted = read.error is not None or not read.ended
    check(f"{label}: interrupted is {interrupted}", case["interrupted"] == interrupted,
          f"toolc says {case['interrupted']}; the SDK " + (f"raised {read.error}" if read.error else
                                                           "saw the end" if read.ended else "never saw the end"))
    results[label] = read.finished(unfinished)


def main():
    cases = json.load(open(sys.argv[1]))
    results = {}
    for case in cases:
        try:
            check_case(case, results)
        except Exception as err:  # noqa: BLE001 - a case this script cannot read fails, the others still run
            check(f"{case.get('label')}: read", False, failure(err))
    with open(sys.argv[2], "w") as out:
        json.dump(results, out, ensure_ascii=False, indent=1)
    finish()


if __name__ == "__main__":
    main()
