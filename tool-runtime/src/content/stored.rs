//! Parts as they are kept in an agent's history ([`ToolResult`](crate::ToolResult) serialized): MCP's
//! content items, `{"type": "text", "text"}`, `{"type": "image", "mimeType", "data"}` (base64),
//! `{"type": "audio", …}`, `{"type": "resource", "resource": {"uri", "mimeType", "text" | "blob"}}`,
//! `{"type": "resource_link", "uri", "name", …}`, and toolc's own `{"type": "json", "json"}`.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use super::{Audio, ContentPart, Image, Resource, ResourceLink};

#[derive(Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
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
    Audio {
        #[serde(rename = "mimeType")]
        mime_type: String,
        data: String,
    },
    Resource {
        resource: StoredResource,
    },
    ResourceLink {
        uri: String,
        name: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        title: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        description: Option<String>,
        #[serde(rename = "mimeType", default, skip_serializing_if = "Option::is_none")]
        mime_type: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        size: Option<u64>,
    },
}

#[derive(Serialize, Deserialize)]
struct StoredResource {
    uri: String,
    #[serde(rename = "mimeType", default, skip_serializing_if = "Option::is_none")]
    mime_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    blob: Option<String>,
}

impl Serialize for ContentPart {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            ContentPart::Text(text) => StoredPart::Text { text: text.clone() },
            ContentPart::Image(image) => {
                StoredPart::Image { mime_type: image.mime_type().to_owned(), data: image.base64() }
            }
            ContentPart::Json(json) => StoredPart::Json { json: json.clone() },
            ContentPart::Audio(audio) => {
                StoredPart::Audio { mime_type: audio.mime_type().to_owned(), data: audio.base64() }
            }
            ContentPart::Resource(resource) => StoredPart::Resource {
                resource: StoredResource {
                    uri: resource.uri().to_owned(),
                    mime_type: resource.mime_type().map(str::to_owned),
                    text: resource.as_text().map(str::to_owned),
                    blob: resource.blob_base64(),
                },
            },
            ContentPart::ResourceLink(link) => StoredPart::ResourceLink {
                uri: link.uri().to_owned(),
                name: link.name().to_owned(),
                title: link.title().map(str::to_owned),
                description: link.description().map(str::to_owned),
                mime_type: link.mime_type().map(str::to_owned),
                size: link.size(),
            },
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for ContentPart {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let bytes = |what: &str, data: String| {
            STANDARD.decode(data).map_err(|err| D::Error::custom(format!("{what} data: {err}")))
        };
        Ok(match StoredPart::deserialize(deserializer)? {
            StoredPart::Text { text } => ContentPart::Text(text),
            StoredPart::Image { mime_type, data } => ContentPart::Image(Image::new(mime_type, bytes("image", data)?)),
            StoredPart::Json { json } => ContentPart::Json(json),
            StoredPart::Audio { mime_type, data } => ContentPart::Audio(Audio::new(mime_type, bytes("audio", data)?)),
            StoredPart::Resource { resource } => {
                let read = match (resource.text, resource.blob) {
                    (Some(text), None) => Resource::text(resource.uri, text),
                    (None, Some(blob)) => Resource::blob(resource.uri, bytes("resource", blob)?),
                    _ => return Err(D::Error::custom("a resource has either `text` or `blob`")),
                };
                ContentPart::Resource(match resource.mime_type {
                    Some(mime_type) => read.with_mime_type(mime_type),
                    None => read,
                })
            }
            StoredPart::ResourceLink { uri, name, title, description, mime_type, size } => {
                let mut link = ResourceLink::new(uri, name);
                if let Some(title) = title {
                    link = link.with_title(title);
                }
                if let Some(description) = description {
                    link = link.with_description(description);
                }
                if let Some(mime_type) = mime_type {
                    link = link.with_mime_type(mime_type);
                }
                if let Some(size) = size {
                    link = link.with_size(size);
                }
                ContentPart::ResourceLink(link)
            }
        })
    }
}
