//! The native half of the Python package `toolc` (`toolc._native`): what `toolc lower` does to a
//! document of tool definitions, and a model's call checked against a definition.
//!
//! Python values become JSON values here directly, as `json.dumps` would write them and `toolc lower`
//! read them back (an int too big for 64 bits is a float, as serde_json reads it), and the answers
//! become dicts, lists and the rest. The lowering itself runs with the interpreter released. The
//! typed front (`Lowered`, `Message`, `Refusal`, the errors) is `python/toolc/__init__.py`.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::{Map, Number, Value};
use toolc::read::{Lowered, ReadError, lower_each_value};
use toolc::{Arguments, GrammarEngine, JsonTools, RenderOptions, Server, Target, UnionForm, UnknownName};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// As deep as serde_json reads JSON text, so that what `toolc lower` reads from a file, this reads.
const MAX_DEPTH: usize = 128;

/// The keyword arguments `toolc.lower` and `toolc.lower_each` share.
struct Options {
    render: RenderOptions,
    name: String,
}

impl Options {
    #[allow(clippy::too_many_arguments)] // the keyword arguments of `toolc.lower`, one for one
    fn new(
        py: Python<'_>,
        anthropic_strict: bool,
        gemini_json_schema: bool,
        gemini_parameters_only: bool,
        bedrock_strict: bool,
        server: Option<&str>,
        engine: Option<&str>,
        union_form: Option<&str>,
        name: &str,
    ) -> PyResult<Self> {
        let render = RenderOptions::default()
            .anthropic_strict(anthropic_strict)
            .gemini_json_schema(gemini_json_schema)
            .gemini_parameters_only(gemini_parameters_only)
            .bedrock_strict(bedrock_strict);
        let unknown = |err: UnknownName| toolc_error(py, "ToolcError", String::new(), err.to_string());
        // The engine named overrides the server's own.
        let render = match server {
            Some(server) => render.server(server.parse::<Server>().map_err(unknown)?),
            None => render,
        };
        let render = match engine {
            Some(engine) => render.grammar_engine(engine.parse::<GrammarEngine>().map_err(unknown)?),
            None => render,
        };
        let render = match union_form {
            Some(form) => render.union_form(form.parse::<UnionForm>().map_err(unknown)?),
            None => render,
        };
        Ok(Options { render, name: name.to_owned() })
    }
}

/// Lowers tool definitions of any provider for `target`, as `toolc lower` does to a file.
///
/// `definitions` is one definition or a list of them in any provider's format (OpenAI, Anthropic,
/// Gemini, Bedrock, MCP, a bare JSON Schema in any common dialect) or an MCP `tools/list` result, as
/// `json.load` gives them. A tool that cannot be lowered is left out and named in `refused`; the
/// others are lowered. `name` is the name a bare JSON Schema's tool takes. Options apply to their
/// own target alone: `anthropic_strict` (strict tool use), `gemini_json_schema` (every declaration
/// as `parametersJsonSchema`), `gemini_parameters_only` (refuse what `parameters` cannot express),
/// `bedrock_strict`, and for `openai` and `openai-responses`, `server` (an open-model server:
/// `vllm`, `sglang`, `llama-cpp`, `ollama`, `lm-studio`, `mistral-rs`) or `engine` (`xgrammar`,
/// `llguidance`, `llama-cpp`): only what that grammar engine compiles and honours, the rest moved
/// into the description; for every target, `union_form` (`flat`, `nested`, `variants`): how a tool
/// whose arguments are a tagged union is written.
///
/// Raises DefinitionError (with the path) when the value is not tool definitions, TargetError for
/// an unknown target, ToolcError for an unknown server or engine.
#[pyfunction]
#[pyo3(signature = (definitions, target, *, anthropic_strict=false, gemini_json_schema=false, gemini_parameters_only=false, bedrock_strict=false, server=None, engine=None, union_form=None, name="tools"))]
#[allow(clippy::too_many_arguments)] // the keyword arguments of `toolc.lower`, one for one
fn lower(
    py: Python<'_>,
    definitions: &Bound<'_, PyAny>,
    target: &str,
    anthropic_strict: bool,
    gemini_json_schema: bool,
    gemini_parameters_only: bool,
    bedrock_strict: bool,
    server: Option<&str>,
    engine: Option<&str>,
    union_form: Option<&str>,
    name: &str,
) -> PyResult<Py<PyAny>> {
    let options = Options::new(
        py,
        anthropic_strict,
        gemini_json_schema,
        gemini_parameters_only,
        bedrock_strict,
        server,
        engine,
        union_form,
        name,
    )?;
    let mut each = lower_all(py, definitions, &[target], &options)?;
    Ok(each.remove(0))
}

/// `lower` for each target in order, reading and checking the definitions once.
#[pyfunction]
#[pyo3(signature = (definitions, targets, *, anthropic_strict=false, gemini_json_schema=false, gemini_parameters_only=false, bedrock_strict=false, server=None, engine=None, union_form=None, name="tools"))]
#[allow(clippy::too_many_arguments)] // the keyword arguments of `toolc.lower_each`, one for one
fn lower_each(
    py: Python<'_>,
    definitions: &Bound<'_, PyAny>,
    targets: &Bound<'_, PyAny>,
    anthropic_strict: bool,
    gemini_json_schema: bool,
    gemini_parameters_only: bool,
    bedrock_strict: bool,
    server: Option<&str>,
    engine: Option<&str>,
    union_form: Option<&str>,
    name: &str,
) -> PyResult<Vec<Py<PyAny>>> {
    if targets.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err("toolc: targets must be a sequence of target names, not one name"));
    }
    // Any iterable of names, as `list()` takes it.
    let targets = match targets.cast::<PyList>() {
        Ok(list) => list.clone(),
        Err(_) => py.get_type::<PyList>().call1((targets,))?.cast_into::<PyList>()?,
    };
    let targets: Vec<String> =
        targets.extract().map_err(|err| PyTypeError::new_err(format!("argument 'targets': {err}")))?;
    let targets: Vec<&str> = targets.iter().map(String::as_str).collect();
    let options = Options::new(
        py,
        anthropic_strict,
        gemini_json_schema,
        gemini_parameters_only,
        bedrock_strict,
        server,
        engine,
        union_form,
        name,
    )?;
    lower_all(py, definitions, &targets, &options)
}

/// Checks a model's call against one definition: `None` when it is good, otherwise the text toolc
/// gives the model. The arguments are the JSON text the model sent (OpenAI's `arguments`) or the
/// value an SDK has already decoded (Anthropic's `input`, Gemini's `args`).
#[pyfunction]
fn check_arguments(
    py: Python<'_>,
    definition: &Bound<'_, PyAny>,
    arguments: &Bound<'_, PyAny>,
) -> PyResult<Option<String>> {
    let definition = json_of(definition)?;
    let tools = JsonTools::read_one(&definition).map_err(|err| definition_error(py, err))?;
    let name = tools.tools()[0].name.to_string();
    let checked = if let Ok(text) = arguments.cast::<PyString>() {
        tools.check(&name, Arguments::Text(text.to_str()?))
    } else {
        match json_of(arguments)? {
            Value::Object(object) => tools.check(&name, Arguments::Object(&object)),
            // Not an object: worded as the same value sent as text would be.
            other => tools.check(&name, Arguments::Text(&other.to_string())),
        }
    };
    Ok(checked.err().map(|err| err.to_string()))
}

/// The definitions read and checked once, lowered for each target, as `toolc.Lowered`s.
fn lower_all(
    py: Python<'_>,
    definitions: &Bound<'_, PyAny>,
    targets: &[&str],
    options: &Options,
) -> PyResult<Vec<Py<PyAny>>> {
    let document = json_of(definitions)?;
    let mut renderings = Vec::with_capacity(targets.len());
    for (index, target) in targets.iter().enumerate() {
        match target.parse::<Target>() {
            Ok(target) => renderings.push((target, options.render)),
            Err(err) => return Err(toolc_error(py, "TargetError", format!("/{index}"), err.to_string())),
        }
    }
    let each = py
        .detach(|| lower_each_value(document, &options.name, &renderings))
        .map_err(|err| definition_error(py, err))?;
    let front = Front::get(py)?;
    each.into_iter().map(|lowered| front.lowered(py, lowered)).collect()
}

/// The named tuples of the Python front (`toolc.Lowered`, `Message`, `Refusal`), made here as
/// `tuple.__new__(cls, items)` makes them: without running Python code for each.
struct Front {
    tuple_new: Py<PyAny>,
    lowered: Py<PyAny>,
    message: Py<PyAny>,
    refusal: Py<PyAny>,
}

static FRONT: PyOnceLock<Front> = PyOnceLock::new();

impl Front {
    fn get(py: Python<'_>) -> PyResult<&'static Front> {
        FRONT.get_or_try_init(py, || {
            let toolc = py.import("toolc")?;
            Ok(Front {
                tuple_new: py.get_type::<PyTuple>().getattr("__new__")?.unbind(),
                lowered: toolc.getattr("Lowered")?.unbind(),
                message: toolc.getattr("Message")?.unbind(),
                refusal: toolc.getattr("Refusal")?.unbind(),
            })
        })
    }

    fn make<'py>(&self, py: Python<'py>, class: &Py<PyAny>, items: Bound<'py, PyTuple>) -> PyResult<Py<PyAny>> {
        Ok(self.tuple_new.bind(py).call1((class, items))?.unbind())
    }

    fn lowered(&self, py: Python<'_>, lowered: Lowered) -> PyResult<Py<PyAny>> {
        let tools = match &lowered.value {
            Some(value) => to_python(py, value)?,
            None => py.None(),
        };
        let messages = PyList::empty(py);
        for message in &lowered.messages {
            let items = PyTuple::new(py, [message.kind(), message.text()])?;
            messages.append(self.make(py, &self.message, items)?)?;
        }
        let refused = PyList::empty(py);
        for refusal in lowered.refused {
            let items = PyTuple::new(py, [refusal.tool, refusal.path, refusal.rule])?;
            refused.append(self.make(py, &self.refusal, items)?)?;
        }
        let items = PyTuple::new(py, [tools, messages.into_any().unbind(), refused.into_any().unbind()])?;
        self.make(py, &self.lowered, items)
    }
}

/// `toolc.errors.<class>(message, path, rule)`, raised.
fn toolc_error(py: Python<'_>, class: &str, path: String, rule: String) -> PyErr {
    let at = if path.is_empty() { "/" } else { &path };
    let message = match class {
        "TargetError" => format!("{rule} (targets {at})"),
        _ => format!("not tool definitions at {at}: {rule}"),
    };
    let made = py
        .import("toolc.errors")
        .and_then(|errors| errors.getattr(class))
        .and_then(|class| class.call1((message, path, rule)));
    match made {
        Ok(error) => PyErr::from_value(error),
        Err(err) => err,
    }
}

fn definition_error(py: Python<'_>, err: ReadError) -> PyErr {
    toolc_error(py, "DefinitionError", err.path, err.rule)
}

/// A Python value as JSON, or why not (a `TypeError` or `ValueError` naming where).
fn json_of(value: &Bound<'_, PyAny>) -> PyResult<Value> {
    to_json(value, 0).map_err(|not_json| not_json.into_error())
}

/// A value that is not JSON: what it is, and the JSON Pointer tokens to it, innermost first (the
/// path is only made when there is an error to show it in).
struct NotJson {
    tokens: Vec<String>,
    error: fn(String) -> PyErr,
    what: String,
}

impl NotJson {
    fn new(error: fn(String) -> PyErr, what: String) -> Self {
        NotJson { tokens: Vec::new(), error, what }
    }

    fn at(mut self, token: String) -> Self {
        self.tokens.push(token.replace('~', "~0").replace('/', "~1"));
        self
    }

    fn into_error(self) -> PyErr {
        let path: String = self.tokens.iter().rev().map(|token| format!("/{token}")).collect();
        let at = if path.is_empty() { "/" } else { &path };
        (self.error)(format!("toolc: {} at {at}", self.what))
    }
}

impl From<PyErr> for NotJson {
    fn from(err: PyErr) -> Self {
        NotJson::new(PyValueError::new_err, err.to_string())
    }
}

fn to_json(value: &Bound<'_, PyAny>, depth: usize) -> Result<Value, NotJson> {
    if depth > MAX_DEPTH {
        return Err(NotJson::new(PyValueError::new_err, format!("a value nested more than {MAX_DEPTH} deep")));
    }
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(Value::String(text.to_str()?.to_owned()));
    }
    if let Ok(dict) = value.cast::<PyDict>() {
        let mut map = Map::new();
        for (key, item) in dict.iter() {
            let Ok(key) = key.cast::<PyString>() else {
                let what = format!("a key that is not a string ({})", key.repr()?);
                return Err(NotJson::new(PyTypeError::new_err, what));
            };
            let key = key.to_str()?;
            let item = to_json(&item, depth + 1).map_err(|not_json| not_json.at(key.to_owned()))?;
            map.insert(key.to_owned(), item);
        }
        return Ok(Value::Object(map));
    }
    if let Ok(list) = value.cast::<PyList>() {
        let mut items = Vec::with_capacity(list.len());
        for (index, item) in list.iter().enumerate() {
            items.push(to_json(&item, depth + 1).map_err(|not_json| not_json.at(index.to_string()))?);
        }
        return Ok(Value::Array(items));
    }
    if let Ok(tuple) = value.cast::<PyTuple>() {
        let mut items = Vec::with_capacity(tuple.len());
        for (index, item) in tuple.iter().enumerate() {
            items.push(to_json(&item, depth + 1).map_err(|not_json| not_json.at(index.to_string()))?);
        }
        return Ok(Value::Array(items));
    }
    if value.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(flag) = value.cast::<PyBool>() {
        return Ok(Value::Bool(flag.is_true()));
    }
    if value.is_instance_of::<PyInt>() {
        if let Ok(int) = value.extract::<i64>() {
            return Ok(Value::Number(int.into()));
        }
        if let Ok(int) = value.extract::<u64>() {
            return Ok(Value::Number(int.into()));
        }
        // As serde_json reads an integer beyond 64 bits: the nearest float.
        let float: f64 = value.call_method0("__float__")?.extract()?;
        return number(float);
    }
    if let Ok(float) = value.cast::<PyFloat>() {
        return number(float.value());
    }
    let what =
        format!("a value that is not JSON (dict, list, str, int, float, bool or None): {}", value.get_type().name()?);
    Err(NotJson::new(PyTypeError::new_err, what))
}

fn number(float: f64) -> Result<Value, NotJson> {
    Number::from_f64(float)
        .map(Value::Number)
        .ok_or_else(|| NotJson::new(PyValueError::new_err, format!("{float}, which is not a JSON number")))
}

/// The keys nearly every lowered tool holds, made into Python strings once: a key from this list
/// costs a reference, not a new string (as `json.loads` shares the keys it has seen).
const COMMON_KEYS: [&str; 16] = [
    "type",
    "properties",
    "description",
    "required",
    "items",
    "enum",
    "name",
    "additionalProperties",
    "anyOf",
    "title",
    "default",
    "strict",
    "parameters",
    "input_schema",
    "inputSchema",
    "function",
];

static KEYS: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();

fn key<'py>(py: Python<'py>, keys: &[Py<PyString>], key: &str) -> Bound<'py, PyString> {
    match COMMON_KEYS.iter().position(|common| *common == key) {
        Some(index) => keys[index].bind(py).clone(),
        None => PyString::new(py, key),
    }
}

/// A JSON value as Python's `json.loads` gives it.
fn to_python(py: Python<'_>, value: &Value) -> PyResult<Py<PyAny>> {
    let keys = KEYS.get_or_init(py, || COMMON_KEYS.iter().map(|key| PyString::intern(py, key).unbind()).collect());
    python_value(py, keys, value)
}

fn python_value(py: Python<'_>, keys: &[Py<PyString>], value: &Value) -> PyResult<Py<PyAny>> {
    Ok(match value {
        Value::Null => py.None(),
        Value::Bool(flag) => PyBool::new(py, *flag).to_owned().into_any().unbind(),
        Value::Number(number) => match (number.as_i64(), number.as_u64()) {
            (Some(int), _) => int.into_pyobject(py)?.into_any().unbind(),
            (None, Some(int)) => int.into_pyobject(py)?.into_any().unbind(),
            _ => PyFloat::new(py, number.as_f64().unwrap_or(f64::NAN)).into_any().unbind(),
        },
        Value::String(text) => PyString::new(py, text).into_any().unbind(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(python_value(py, keys, item)?)?;
            }
            list.into_any().unbind()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (name, item) in map {
                dict.set_item(key(py, keys, name), python_value(py, keys, item)?)?;
            }
            dict.into_any().unbind()
        }
    })
}

/// `toolc._native`: the functions `toolc`'s front calls.
#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(lower, module)?)?;
    module.add_function(wrap_pyfunction!(lower_each, module)?)?;
    module.add_function(wrap_pyfunction!(check_arguments, module)?)?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
