//! Content beside a tool's JSON output: images, text and JSON parts, which each provider takes its
//! own way (see the reply writers in `dispatch`).
//!
//! A tool returns them as `Image`, `ContentPart` or `Vec<ContentPart>` alone, or as a pair with its
//! JSON output: `(Status, Image)`. The output schema describes the JSON output only.

use std::borrow::Cow;
use std::fmt;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

/// An image a tool returns: its bytes and MIME type.
///
/// ```
/// use tool_runtime::Image;
///
/// let image = Image::png(vec![0x89, b'P', b'N', b'G']);
/// assert_eq!(image.mime_type(), "image/png");
/// assert_eq!(image.data_url(), "data:image/png;base64,iVBORw==");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Image {
    mime_type: Cow<'static, str>,
    data: Vec<u8>,
}

impl Image {
    /// An image of the MIME type `mime_type` (`image/png`, `image/jpeg`, …) made of `data`.
    pub fn new(mime_type: impl Into<Cow<'static, str>>, data: Vec<u8>) -> Self {
        Image { mime_type: mime_type.into(), data }
    }

    /// A PNG image.
    pub fn png(data: Vec<u8>) -> Self {
        Image::new("image/png", data)
    }

    /// A JPEG image.
    pub fn jpeg(data: Vec<u8>) -> Self {
        Image::new("image/jpeg", data)
    }

    /// The MIME type.
    pub fn mime_type(&self) -> &str {
        &self.mime_type
    }

    /// The bytes.
    pub fn data(&self) -> &[u8] {
        &self.data
    }

    /// The bytes in base64, as every provider takes them.
    pub fn base64(&self) -> String {
        STANDARD.encode(&self.data)
    }

    /// A `data:` URL of the image (what OpenAI takes).
    pub fn data_url(&self) -> String {
        format!("data:{};base64,{}", self.mime_type, self.base64())
    }
}

impl fmt::Debug for Image {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Image({}, {} bytes)", self.mime_type, self.data.len())
    }
}

/// One part of what a tool returns beside (or instead of) its JSON output.
#[derive(Debug, Clone, PartialEq)]
pub enum ContentPart {
    /// Text for the model.
    Text(String),
    /// An image.
    Image(Image),
    /// A JSON value, given to the model as JSON text.
    Json(Value),
}

/// What a tool's call gives: the JSON output (`null` for a tool that returns content alone) and the
/// content parts beside it.
#[derive(Debug, Clone, PartialEq, Default)]
#[non_exhaustive]
pub struct ToolOutput {
    /// The JSON output, which the output schema describes.
    pub json: Value,
    /// Images and other parts, in order.
    pub parts: Vec<ContentPart>,
}

impl ToolOutput {
    /// A JSON output without parts.
    pub fn json(json: Value) -> Self {
        ToolOutput { json, parts: Vec::new() }
    }

    /// A JSON output with content parts (`null` for none).
    pub fn with_parts(json: Value, parts: Vec<ContentPart>) -> Self {
        ToolOutput { json, parts }
    }
}

/// A JSON output without parts: anything that converts into a JSON value (a `Value`, a string, a
/// number, a `bool`, a vector of such).
impl<T: Into<Value>> From<T> for ToolOutput {
    fn from(json: T) -> Self {
        ToolOutput::json(json.into())
    }
}

/// Whether an output of `json` and `parts` is content alone: no JSON output (`null`), and parts.
pub(crate) fn parts_alone(json: &Value, parts: &[ContentPart]) -> bool {
    json.is_null() && !parts.is_empty()
}

/// A tool's return value that carries content parts: [`Image`], [`ContentPart`] and
/// `Vec<ContentPart>` alone, or paired with a JSON output as `(T, Image)`, `(T, ContentPart)` or
/// `(T, Vec<ContentPart>)`, where `T: Serialize` (and, for an output schema, `JsonSchema`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not tool content",
    note = "a tool returns `T: Serialize`, or content: `Image`, `ContentPart`, `Vec<ContentPart>`, or `(T, Image)` and the like"
)]
pub trait IntoContent {
    /// The JSON output's type ([`NoJson`] for content alone): what the output schema describes.
    type Json;

    /// The JSON output (none for content alone) and the parts.
    fn into_content(self) -> (Option<Self::Json>, Vec<ContentPart>);
}

/// The JSON output of a tool that returns content alone: there is none, so there is no output schema.
#[derive(Debug)]
pub enum NoJson {}

impl Serialize for NoJson {
    fn serialize<S: Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        match *self {}
    }
}

/// The parts a content value is made of.
trait Parts {
    fn parts(self) -> Vec<ContentPart>;
}

impl Parts for Image {
    fn parts(self) -> Vec<ContentPart> {
        vec![ContentPart::Image(self)]
    }
}

impl Parts for ContentPart {
    fn parts(self) -> Vec<ContentPart> {
        vec![self]
    }
}

impl Parts for Vec<ContentPart> {
    fn parts(self) -> Vec<ContentPart> {
        self
    }
}

macro_rules! content {
    ($($parts:ty),*) => {$(
        impl IntoContent for $parts {
            type Json = NoJson;

            fn into_content(self) -> (Option<NoJson>, Vec<ContentPart>) {
                (None, self.parts())
            }
        }

        impl<T: Serialize> IntoContent for (T, $parts) {
            type Json = T;

            fn into_content(self) -> (Option<T>, Vec<ContentPart>) {
                (Some(self.0), self.1.parts())
            }
        }
    )*};
}

content!(Image, ContentPart, Vec<ContentPart>);

/// Parts as they are kept in an agent's history ([`ToolResult`](crate::ToolResult) serialized): MCP's
/// content items, `{"type": "text", "text"}`, `{"type": "image", "mimeType", "data"}` (base64) and
/// `{"type": "json", "json"}`.
#[derive(Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
enum StoredPart {
    Text {
        text: String,
    },
    Image {
        #[serde(rename = "mimeType")]
        mime_type: String,
        data: String,
    },
    Json {
        json: Value,
    },
}

impl Serialize for ContentPart {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            ContentPart::Text(text) => StoredPart::Text { text: text.clone() },
            ContentPart::Image(image) => {
                StoredPart::Image { mime_type: image.mime_type.to_string(), data: image.base64() }
            }
            ContentPart::Json(json) => StoredPart::Json { json: json.clone() },
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for ContentPart {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(match StoredPart::deserialize(deserializer)? {
            StoredPart::Text { text } => ContentPart::Text(text),
            StoredPart::Image { mime_type, data } => {
                let data = STANDARD.decode(data).map_err(|err| D::Error::custom(format!("image data: {err}")))?;
                ContentPart::Image(Image::new(mime_type, data))
            }
            StoredPart::Json { json } => ContentPart::Json(json),
        })
    }
}
