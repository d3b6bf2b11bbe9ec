//! Content beside a tool's JSON output: text, JSON, images, audio and resources, which each provider
//! takes its own way (see the reply writers in `dispatch`).
//!
//! A tool returns them as `Image`, `Audio`, `Resource`, `ResourceLink`, `ContentPart` or
//! `Vec<ContentPart>` alone, or as a pair with its JSON output: `(Status, Image)`. The output schema
//! describes the JSON output only.

mod media;
mod resource;
mod stored;

use serde::{Serialize, Serializer};
use serde_json::Value;

pub use media::{Audio, Image};
pub use resource::{Resource, ResourceLink};

/// One part of what a tool returns beside (or instead of) its JSON output.
///
/// MCP carries every kind as it is. A provider's tool result carries text, JSON (as text) and the
/// images it takes; a text resource as its text; audio, a binary resource and a resource link as a
/// line of text that names them and says they were left out ([`ContentPart::as_text`]), so the
/// model knows they exist.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ContentPart {
    /// Text for the model.
    Text(String),
    /// An image.
    Image(Image),
    /// A JSON value, given to the model as JSON text.
    Json(Value),
    /// Audio.
    Audio(Audio),
    /// A resource embedded whole.
    Resource(Resource),
    /// A link to a resource.
    ResourceLink(ResourceLink),
}

impl ContentPart {
    /// What a provider that takes text alone gives the model for this part: the text, the JSON as
    /// text, a text resource's text; for audio, a binary resource or a link, a line that names it
    /// and says it was not passed on. `None` for an image, which each provider writes its own way.
    ///
    /// ```
    /// use toolc::{Audio, ContentPart, ResourceLink};
    ///
    /// let audio = ContentPart::Audio(Audio::new("audio/wav", vec![0; 4]));
    /// assert_eq!(audio.as_text().unwrap(), "[audio (audio/wav, 4 bytes) not passed on: this reply carries no audio]");
    /// let link = ContentPart::ResourceLink(ResourceLink::new("file:///a.log", "a.log"));
    /// assert_eq!(link.as_text().unwrap(), "[resource link: a.log <file:///a.log>]");
    /// ```
    pub fn as_text(&self) -> Option<String> {
        Some(match self {
            ContentPart::Text(text) => text.clone(),
            ContentPart::Json(json) => json.to_string(),
            ContentPart::Image(_) => return None,
            ContentPart::Audio(audio) => format!(
                "[audio ({}, {} bytes) not passed on: this reply carries no audio]",
                audio.mime_type(),
                audio.data().len()
            ),
            ContentPart::Resource(resource) => match (resource.as_text(), resource.as_blob()) {
                (Some(text), _) => text.to_owned(),
                (None, data) => format!(
                    "[resource <{}> ({}, {} bytes) not passed on: this reply carries no files]",
                    resource.uri(),
                    resource.mime_type().unwrap_or("no type"),
                    data.map_or(0, <[u8]>::len)
                ),
            },
            ContentPart::ResourceLink(link) => {
                let mut line = format!("[resource link: {} <{}>", link.name(), link.uri());
                if let Some(description) = link.description() {
                    line.push_str(&format!(" — {description}"));
                }
                line.push(']');
                line
            }
        })
    }
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

/// A tool's return value that carries content parts: [`Image`], [`Audio`], [`Resource`],
/// [`ResourceLink`], [`ContentPart`] and `Vec<ContentPart>` alone, or paired with a JSON output as
/// `(T, Image)`, `(T, Vec<ContentPart>)` and the like, where `T: Serialize` (and, for an output
/// schema, `JsonSchema`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not tool content",
    note = "a tool returns `T: Serialize`, or content: `Image`, `Audio`, `Resource`, `ResourceLink`, `ContentPart`, `Vec<ContentPart>`, or `(T, Image)` and the like"
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

impl Parts for Audio {
    fn parts(self) -> Vec<ContentPart> {
        vec![ContentPart::Audio(self)]
    }
}

impl Parts for Resource {
    fn parts(self) -> Vec<ContentPart> {
        vec![ContentPart::Resource(self)]
    }
}

impl Parts for ResourceLink {
    fn parts(self) -> Vec<ContentPart> {
        vec![ContentPart::ResourceLink(self)]
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

content!(Image, Audio, Resource, ResourceLink, ContentPart, Vec<ContentPart>);
