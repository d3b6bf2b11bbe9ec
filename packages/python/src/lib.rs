//! The native half of the Python package `toolc` (`toolc._native`): what `toolc lower` does to a
//! document of tool definitions, and a model's call checked against a definition.
//!
//! Python values become JSON values here directly, as `json.dumps` would write them and `toolc lower`
//! read them back (an int too big for 64 bits is a float, as serde_json reads it), and the answers
//! become dicts, lists and the rest. The lowering itself runs with the interpreter released. The
//! typed front (`Lowered`, `Message`, `Refusal`, the errors) is `python/toolc/__init__.py`.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::{Map, Number, Value};
use tool_runtime::read::{Lowered, Message, ReadError, lower_each as lower_each_document};
use tool_runtime::{Arguments, JsonTools, RenderOptions, Target};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// As deep as serde_json reads JSON text, so that what `toolc lower` reads from a file, this reads.
const MAX_DEPTH: usize = 128;

/// One tool's lowering, as the Python front takes it apart: the `tools` value, the messages as
/// `(kind, text)` and the refusals as `(tool, path, rule)`.
type LoweredTuple = (Py<PyAny>, Vec<(&'static str, String)>, Vec<(String, String, String)>);

/// Lowers `definitions` for each of `targets`, reading and checking them once.
#[pyfunction]
#[pyo3(signature = (definitions, targets, anthropic_strict, gemini_json_schema, gemini_parameters_only, bedrock_strict, name))]
#[allow(clippy::too_many_arguments)] // the keyword arguments of `toolc.lower_each`, one for one
fn lower_each(
    py: Python<'_>,
    definitions: &Bound<'_, PyAny>,
    targets: Vec<String>,
    anthropic_strict: bool,
    gemini_json_schema: bool,
    gemini_parameters_only: bool,
    bedrock_strict: bool,
    name: &str,
) -> PyResult<Vec<LoweredTuple>> {
    let document = json_of(definitions)?;
    let options = RenderOptions::default()
        .anthropic_strict(anthropic_strict)
        .gemini_json_schema(gemini_json_schema)
        .gemini_parameters_only(gemini_parameters_only)
        .bedrock_strict(bedrock_strict);
    let mut renderings = Vec::with_capacity(targets.len());
    for (index, target) in targets.iter().enumerate() {
        match target.parse::<Target>() {
            Ok(target) => renderings.push((target, options)),
            Err(err) => return Err(toolc_error(py, "TargetError", format!("/{index}"), err.to_string())),
        }
    }
    let each =
        py.detach(|| lower_each_document(&document, name, &renderings)).map_err(|err| definition_error(py, err))?;
    each.into_iter().map(|lowered| lowered_tuple(py, lowered)).collect()
}

/// Checks a model's call against one definition: `None` when it is good, otherwise the text toolc
/// gives the model.
#[pyfunction]
fn check_arguments(py: Python<'_>, definition: &Bound<'_, PyAny>, arguments: &str) -> PyResult<Option<String>> {
    let definition = json_of(definition)?;
    let tools = JsonTools::read_one(&definition).map_err(|err| definition_error(py, err))?;
    let name = tools.tools()[0].name.to_string();
    Ok(tools.check(&name, Arguments::Text(arguments)).err().map(|err| err.to_string()))
}

fn lowered_tuple(py: Python<'_>, lowered: Lowered) -> PyResult<LoweredTuple> {
    let tools = match &lowered.value {
        Some(value) => to_python(py, value)?,
        None => py.None(),
    };
    let messages = lowered
        .messages
        .into_iter()
        .map(|message| match message {
            Message::Note(text) => ("note", text),
            Message::Warning(text) => ("warning", text),
            Message::Error(text) => ("error", text),
        })
        .collect();
    let refused = lowered.refused.into_iter().map(|refusal| (refusal.tool, refusal.path, refusal.rule)).collect();
    Ok((tools, messages, refused))
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

/// A JSON value as Python's `json.loads` gives it.
fn to_python(py: Python<'_>, value: &Value) -> PyResult<Py<PyAny>> {
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
                list.append(to_python(py, item)?)?;
            }
            list.into_any().unbind()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                dict.set_item(key, to_python(py, item)?)?;
            }
            dict.into_any().unbind()
        }
    })
}

/// `toolc._native`: the functions `toolc`'s front calls.
#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(lower_each, module)?)?;
    module.add_function(wrap_pyfunction!(check_arguments, module)?)?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
