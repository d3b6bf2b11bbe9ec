//! The HTTP client of a connection, watched for the tools rmcp's transport leaves out of a
//! `tools/list` because their `x-mcp-header` annotations are malformed (2026-07-28): rmcp drops
//! them before the list reaches the toolbox and says so only in a `tracing` warning, so the
//! toolbox checks the same rules on the reply as it arrives and keeps what it found, for its
//! messages.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use futures_util::StreamExt;
use futures_util::stream::BoxStream;
use reqwest::header::{HeaderName, HeaderValue};
use rmcp::model::{ClientJsonRpcMessage, ClientRequest, JsonObject, ServerJsonRpcMessage, ServerResult};
use rmcp::transport::streamable_http_client::{
    SseError, StreamableHttpClient, StreamableHttpError, StreamableHttpPostResponse, StreamableHttpResponseLimits,
};
use serde_json::Value;
use sse_stream::Sse;

const KEYWORD: &str = "x-mcp-header";

/// Each tool left out, with why, as the toolbox's messages give it.
pub(super) type LeftOut = Arc<Mutex<Vec<String>>>;

/// An HTTP client `C` whose `tools/list` replies are watched.
#[derive(Clone)]
pub(super) struct Watched<C> {
    pub(super) inner: C,
    pub(super) left_out: LeftOut,
}

/// The tools left out since this was last asked, forgotten once told.
pub(super) fn take(left_out: &LeftOut) -> Vec<String> {
    std::mem::take(&mut *left_out.lock().unwrap_or_else(PoisonError::into_inner))
}

/// Keeps, of a `tools/list` reply, each tool whose header annotations rmcp refuses.
fn watch(message: &ServerJsonRpcMessage, left_out: &LeftOut) {
    let ServerJsonRpcMessage::Response(response) = message else { return };
    let ServerResult::ListToolsResult(list) = &response.result else { return };
    let refused = list.tools.iter().filter_map(|tool| {
        refusal(&tool.input_schema).map(|why| format!("tool `{}` is left out: its `{KEYWORD}` {why}", tool.name))
    });
    left_out.lock().unwrap_or_else(PoisonError::into_inner).extend(refused);
}

/// Why rmcp refuses the header annotations of `schema`, as MCP 2026-07-28 has them: on a
/// property reached from the root through `properties` alone, a non-empty header name, unique
/// whatever its case, on a string, integer or boolean.
fn refusal(schema: &JsonObject) -> Option<String> {
    if schema.contains_key(KEYWORD) {
        return Some("is on the schema itself, not on a property".to_owned());
    }
    if off_chain(schema, true) {
        return Some("is on a schema not reached through `properties` alone".to_owned());
    }
    let mut seen: Vec<String> = Vec::new();
    let mut found = Vec::new();
    annotated(schema.get("properties"), &mut Vec::new(), &mut found);
    for (path, property) in found {
        let header = &property[KEYWORD];
        let Some(name) = header.as_str().filter(|name| !name.is_empty()) else {
            return Some(format!("on `{path}` is not a header name: {header}"));
        };
        if !toolc_names::is_header_name(name) {
            return Some(format!("on `{path}` is not a header name: `{name}`"));
        }
        if seen.iter().any(|taken| taken.eq_ignore_ascii_case(name)) {
            return Some(format!("on `{path}` names `{name}` twice (header names are the same whatever their case)"));
        }
        seen.push(name.to_owned());
        if !matches!(property.get("type").and_then(Value::as_str), Some("string" | "integer" | "boolean")) {
            return Some(format!("on `{path}` needs a string, integer or boolean"));
        }
    }
    None
}

/// Every annotated property along `properties` chains: its dotted path, and its schema.
fn annotated<'a>(properties: Option<&'a Value>, path: &mut Vec<&'a str>, out: &mut Vec<(String, &'a Value)>) {
    let Some(Value::Object(properties)) = properties else { return };
    for (name, schema) in properties {
        path.push(name);
        if schema.get(KEYWORD).is_some() {
            out.push((path.join("."), schema));
        }
        annotated(schema.get("properties"), path, out);
        path.pop();
    }
}

/// Whether `schema` holds an annotation off the `properties` chain (`on_chain`: it is the root, or
/// a property reached from it through `properties` alone).
fn off_chain(schema: &JsonObject, on_chain: bool) -> bool {
    schema.iter().any(|(key, value)| match key.as_str() {
        KEYWORD => !on_chain,
        "properties" => value.as_object().is_some_and(|map| map.values().any(|schema| sub(schema, on_chain))),
        "$defs" | "definitions" | "dependencies" | "dependentSchemas" | "patternProperties" => {
            value.as_object().is_some_and(|map| map.values().any(|schema| sub(schema, false)))
        }
        // Instance data or property names, not schemas.
        "default" | "const" | "enum" | "examples" | "dependentRequired" => false,
        _ => sub(value, false),
    })
}

fn sub(value: &Value, on_chain: bool) -> bool {
    match value {
        Value::Object(schema) => off_chain(schema, on_chain),
        Value::Array(items) => items.iter().any(|item| sub(item, false)),
        _ => false,
    }
}

/// Whether `message` lists the tools on a version whose headers rmcp checks (2026-07-28 on), which
/// is when it leaves tools out.
fn lists_tools(message: &ClientJsonRpcMessage, headers: &HashMap<HeaderName, HeaderValue>) -> bool {
    let lists = matches!(message, ClientJsonRpcMessage::Request(request) if matches!(request.request, ClientRequest::ListToolsRequest(_)));
    let version = headers.get(&HeaderName::from_static("mcp-protocol-version")).and_then(|value| value.to_str().ok());
    lists && version.is_some_and(|version| version >= HEADERS_SINCE)
}

/// The version from which parameters travel as headers, dates compared as text.
const HEADERS_SINCE: &str = "2026-07-28";

/// The HTTP client of a connection, as rmcp makes its own: no idle connection kept (reusing one
/// whose last answer was not read whole stalls on delayed acknowledgements), and only a redirect
/// that keeps the request and the origin followed (a token goes nowhere else).
pub(super) fn http_client() -> Result<reqwest::Client, String> {
    let redirect = reqwest::redirect::Policy::custom(|attempt| {
        let keeps_body = matches!(attempt.status().as_u16(), 307 | 308);
        let same_origin = attempt.previous().first().is_some_and(|first| first.origin() == attempt.url().origin());
        if keeps_body && same_origin && attempt.previous().len() <= 10 { attempt.follow() } else { attempt.stop() }
    });
    let client = reqwest::Client::builder().pool_max_idle_per_host(0).redirect(redirect).build();
    client.map_err(|err| err.to_string())
}

impl<C> StreamableHttpClient for Watched<C>
where
    C: StreamableHttpClient + Sync,
{
    type Error = C::Error;

    fn post_message(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> impl Future<Output = Result<StreamableHttpPostResponse, StreamableHttpError<Self::Error>>> + Send + '_ {
        self.post_message_with_response_limits(
            uri,
            message,
            session_id,
            auth_header,
            custom_headers,
            StreamableHttpResponseLimits::default(),
        )
    }

    fn post_message_with_max_sse_event_size(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
        max_sse_event_size: usize,
    ) -> impl Future<Output = Result<StreamableHttpPostResponse, StreamableHttpError<Self::Error>>> + Send + '_ {
        let mut limits = StreamableHttpResponseLimits::default();
        limits.max_sse_event_size = max_sse_event_size;
        self.post_message_with_response_limits(uri, message, session_id, auth_header, custom_headers, limits)
    }

    async fn post_message_with_response_limits(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
        limits: StreamableHttpResponseLimits,
    ) -> Result<StreamableHttpPostResponse, StreamableHttpError<Self::Error>> {
        let lists = lists_tools(&message, &custom_headers);
        let response = self
            .inner
            .post_message_with_response_limits(uri, message, session_id, auth_header, custom_headers, limits)
            .await?;
        if !lists {
            return Ok(response);
        }
        Ok(match response {
            StreamableHttpPostResponse::Json(message, session) => {
                watch(&message, &self.left_out);
                StreamableHttpPostResponse::Json(message, session)
            }
            StreamableHttpPostResponse::Sse(events, session) => {
                let left_out = Arc::clone(&self.left_out);
                let events = events.inspect(move |event| {
                    let data = event.as_ref().ok().and_then(|event| event.data.as_deref());
                    if let Some(message) = data.and_then(|data| serde_json::from_str(data).ok()) {
                        watch(&message, &left_out);
                    }
                });
                StreamableHttpPostResponse::Sse(events.boxed(), session)
            }
            other => other,
        })
    }

    fn delete_session(
        &self,
        uri: Arc<str>,
        session_id: Arc<str>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> impl Future<Output = Result<(), StreamableHttpError<Self::Error>>> + Send + '_ {
        self.inner.delete_session(uri, session_id, auth_header, custom_headers)
    }

    fn get_stream(
        &self,
        uri: Arc<str>,
        session_id: Option<Arc<str>>,
        last_event_id: Option<String>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> impl Future<Output = Result<BoxStream<'static, Result<Sse, SseError>>, StreamableHttpError<Self::Error>>> + Send + '_
    {
        self.inner.get_stream(uri, session_id, last_event_id, auth_header, custom_headers)
    }

    fn get_stream_with_max_sse_event_size(
        &self,
        uri: Arc<str>,
        session_id: Option<Arc<str>>,
        last_event_id: Option<String>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
        max_sse_event_size: usize,
    ) -> impl Future<Output = Result<BoxStream<'static, Result<Sse, SseError>>, StreamableHttpError<Self::Error>>> + Send + '_
    {
        self.inner.get_stream_with_max_sse_event_size(
            uri,
            session_id,
            last_event_id,
            auth_header,
            custom_headers,
            max_sse_event_size,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema(value: Value) -> JsonObject {
        value.as_object().unwrap().clone()
    }

    #[test]
    fn the_rules_rmcp_leaves_a_tool_out_by() {
        let fine = json!({"type": "object", "properties": {
            "region": {"type": "string", "x-mcp-header": "Region"},
            "nested": {"type": "object", "properties": {"id": {"type": "integer", "x-mcp-header": "Id"}}}
        }});
        assert_eq!(refusal(&schema(fine)), None);
        for (bad, said) in [
            (json!({"x-mcp-header": "Root", "type": "object"}), "on the schema itself"),
            (
                json!({"type": "object", "properties": {"a": {"type": "string", "x-mcp-header": "bad name"}}}),
                "not a header name",
            ),
            (
                json!({"type": "object", "properties": {"a": {"type": "string", "x-mcp-header": ""}}}),
                "not a header name",
            ),
            (
                json!({"type": "object", "properties": {"a": {"type": "number", "x-mcp-header": "A"}}}),
                "string, integer or boolean",
            ),
            (
                json!({"type": "object", "properties": {
                "a": {"type": "string", "x-mcp-header": "Same"}, "b": {"type": "string", "x-mcp-header": "same"}}}),
                "twice",
            ),
            (
                json!({"type": "object", "properties": {"a": {"type": "array", "items": {"type": "string", "x-mcp-header": "Item"}}}}),
                "not reached through `properties`",
            ),
        ] {
            let why = refusal(&schema(bad.clone())).unwrap_or_else(|| panic!("{bad} is refused"));
            assert!(why.contains(said), "{bad}: {why}");
        }
    }
}
