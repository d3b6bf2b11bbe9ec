//! [`DynamicToolbox`]: a toolbox made at run time from JSON definitions and the code that runs
//! them, for tools defined in configuration.

use std::collections::HashMap;
use std::fmt::Display;
use std::future::Future;
use std::sync::Arc;

use futures_util::future::BoxFuture;
use serde_json::{Map, Value};

use super::JsonTools;
use crate::call::Arguments;
use crate::dispatch::panics;
use crate::read::{Message, ReadError};
use crate::{
    CallContext, ComposeError, RenderError, RenderOptions, Rendered, Target, ToolError, ToolList, ToolOutput, Toolbox,
};

/// What runs one call: the tool's name, its checked arguments and the call's context in; the
/// output, or an error for the model, out.
type Handler = Arc<
    dyn Fn(String, Map<String, Value>, CallContext) -> BoxFuture<'static, Result<ToolOutput, String>> + Send + Sync,
>;

/// A [`Toolbox`] of tools defined as JSON (any provider's format; see [`JsonTools`]) and run by
/// async closures: one for every tool, or one per tool. It lists, renders, checks and dispatches
/// as a `#[toolbox]` does: every call's arguments are checked against the tool's schema before a
/// closure sees them, and a closure's error or panic is an error result the model reads.
///
/// ```
/// use serde_json::json;
/// use toolc::{DynamicToolbox, Target, Toolbox};
///
/// let defs = json!([{
///     "type": "function",
///     "function": {"name": "add", "description": "Add two numbers.",
///                  "parameters": {"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
///                                 "required": ["a", "b"]}}
/// }]);
/// let toolbox = DynamicToolbox::new(&defs, |name, args, _context| async move {
///     match name.as_str() {
///         "add" => Ok(json!(args["a"].as_i64().unwrap() + args["b"].as_i64().unwrap())),
///         other => Err(format!("no tool {other}")),
///     }
/// })
/// .unwrap();
/// assert_eq!(toolbox.render(Target::Anthropic).unwrap()[0]["name"], "add");
/// assert_eq!(pollster::block_on(toolbox.call("add", r#"{"a": 2, "b": 3}"#)).unwrap(), 5);
/// let err = pollster::block_on(toolbox.call("add", r#"{"a": 2, "b": "3"}"#)).unwrap_err();
/// assert!(err.to_string().contains("at /b: expected an integer"), "{err}");
/// ```
pub struct DynamicToolbox {
    tools: JsonTools,
    /// Per tool name; a tool without one is run by `fallback`.
    handlers: HashMap<String, Handler>,
    fallback: Option<Handler>,
}

impl DynamicToolbox {
    /// The tools of `definitions`, every call run by `handler` with the tool's name, its checked
    /// arguments and the call's context. A definition that cannot be read is left out (see
    /// [`DynamicToolbox::messages`]); a document that holds no definitions is an error.
    pub fn new<F, O, E>(
        definitions: &Value,
        handler: impl Fn(String, Map<String, Value>, CallContext) -> F + Send + Sync + 'static,
    ) -> Result<Self, ReadError>
    where
        F: Future<Output = Result<O, E>> + Send + 'static,
        O: Into<ToolOutput>,
        E: Display,
    {
        Ok(DynamicToolbox::read(definitions)?.with_fallback(boxed(handler)))
    }

    /// The tools of `definitions` without code to run them yet: give each its closure with
    /// [`DynamicToolbox::on`]. A tool left without one answers every call with an error saying so.
    pub fn read(definitions: &Value) -> Result<Self, ReadError> {
        Ok(DynamicToolbox { tools: JsonTools::read(definitions)?.prepared(), handlers: HashMap::new(), fallback: None })
    }

    /// Runs the tool `name` with `handler`, given its checked arguments and the call's context. A
    /// name that is not one of the tools is an error, with a did-you-mean.
    ///
    /// ```
    /// use serde_json::json;
    /// use toolc::DynamicToolbox;
    ///
    /// let defs = json!([{"name": "ping", "description": "Check the service.", "inputSchema": {"type": "object"}}]);
    /// let toolbox = DynamicToolbox::read(&defs).unwrap().on("ping", |_args, _context| async { Ok::<_, String>("pong") }).unwrap();
    /// let typo = DynamicToolbox::read(&defs).unwrap().on("pnig", |_args, _context| async { Ok::<_, String>("pong") });
    /// assert!(typo.unwrap_err().to_string().contains("did you mean `ping`?"));
    /// # drop(toolbox);
    /// ```
    pub fn on<F, O, E>(
        mut self,
        name: &str,
        handler: impl Fn(Map<String, Value>, CallContext) -> F + Send + Sync + 'static,
    ) -> Result<Self, ComposeError>
    where
        F: Future<Output = Result<O, E>> + Send + 'static,
        O: Into<ToolOutput>,
        E: Display,
    {
        if self.tools.find(name).is_err() {
            let available = self.tools.tools().iter().map(|tool| tool.name.to_string()).collect();
            return Err(ComposeError::UnknownName { name: name.to_owned(), available });
        }
        let handler = boxed(move |_name, arguments, context| handler(arguments, context));
        self.handlers.insert(name.to_owned(), handler);
        Ok(self)
    }

    fn with_fallback(mut self, handler: Handler) -> Self {
        self.fallback = Some(handler);
        self
    }

    /// What reading the definitions and rendering them for `target` had to say: each definition left
    /// out with its JSON path and rule, the dialect quirks read, strict mode given up.
    pub fn messages(&self, target: Target) -> &[Message] {
        self.tools.messages(target)
    }
}

/// A closure as a [`Handler`]: its output made a [`ToolOutput`], its error text.
fn boxed<F, O, E>(handler: impl Fn(String, Map<String, Value>, CallContext) -> F + Send + Sync + 'static) -> Handler
where
    F: Future<Output = Result<O, E>> + Send + 'static,
    O: Into<ToolOutput>,
    E: Display,
{
    Arc::new(move |name, arguments, context| {
        let run = handler(name, arguments, context);
        Box::pin(async move { run.await.map(Into::into).map_err(|err| err.to_string()) })
    })
}

impl Toolbox for DynamicToolbox {
    fn tool_list(&self) -> &ToolList {
        self.tools.tool_list()
    }

    /// Tool by tool, as [`JsonTools::render`]: a tool strict mode cannot take is rendered without
    /// it, one the provider takes in no form left out; both said in [`DynamicToolbox::messages`].
    fn render(&self, target: Target) -> Result<&Value, RenderError> {
        self.tools.render(target)
    }

    /// Tool by tool with per-target options, as [`JsonTools::render_with`].
    fn render_with(&self, target: Target, options: &RenderOptions) -> Result<Rendered, RenderError> {
        self.tools.render_with(target, options)
    }

    fn call_arguments(
        &self,
        name: &str,
        arguments: Arguments<'_>,
        context: &CallContext,
    ) -> impl Future<Output = Result<ToolOutput, ToolError>> + Send {
        let checked = self.tools.check(name, arguments);
        let handler = self.handlers.get(name).or(self.fallback.as_ref()).cloned();
        let context = context.clone();
        let name = name.to_owned();
        async move {
            let arguments = checked?;
            let Some(handler) = handler else {
                let message = "this program gives the tool no code to run it".to_owned();
                return Err(ToolError::Failed { tool: name.into(), message });
            };
            let run =
                async { handler(name.clone(), arguments, context).await.map_err(|message| (name.clone(), message)) };
            match panics::guard(&name, async { Ok(run.await) }).await? {
                Ok(output) => Ok(output),
                Err((tool, message)) => Err(ToolError::Failed { tool: tool.into(), message }),
            }
        }
    }
}

impl std::fmt::Debug for DynamicToolbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("DynamicToolbox").field(self.tools.tool_list()).finish()
    }
}
