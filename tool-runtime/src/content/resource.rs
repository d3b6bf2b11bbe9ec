//! Resources a tool returns: one embedded whole (its text or its bytes), or a link to one the client
//! may read. MCP carries both as they are; a provider's tool result carries a text resource as its
//! text and the others as a note naming them, since none of them takes arbitrary files there.

use std::borrow::Cow;
use std::fmt;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;

/// A resource embedded in a tool's result: its URI, its MIME type when known, and its contents.
///
/// ```
/// use toolc::Resource;
///
/// let readme = Resource::text("file:///README.md", "# toolc").with_mime_type("text/markdown");
/// assert_eq!(readme.uri(), "file:///README.md");
/// assert_eq!(readme.as_text(), Some("# toolc"));
/// assert_eq!(readme.mime_type(), Some("text/markdown"));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Resource {
    uri: String,
    mime_type: Option<Cow<'static, str>>,
    contents: Contents,
}

/// What a resource holds.
#[derive(Clone, PartialEq, Eq)]
enum Contents {
    Text(String),
    Blob(Vec<u8>),
}

impl Resource {
    /// A text resource at `uri`.
    pub fn text(uri: impl Into<String>, text: impl Into<String>) -> Self {
        Resource { uri: uri.into(), mime_type: None, contents: Contents::Text(text.into()) }
    }

    /// A binary resource at `uri`, made of `data`.
    pub fn blob(uri: impl Into<String>, data: Vec<u8>) -> Self {
        Resource { uri: uri.into(), mime_type: None, contents: Contents::Blob(data) }
    }

    /// Says the resource's MIME type.
    pub fn with_mime_type(mut self, mime_type: impl Into<Cow<'static, str>>) -> Self {
        self.mime_type = Some(mime_type.into());
        self
    }

    /// The URI.
    pub fn uri(&self) -> &str {
        &self.uri
    }

    /// The MIME type, when known.
    pub fn mime_type(&self) -> Option<&str> {
        self.mime_type.as_deref()
    }

    /// The text of a text resource.
    pub fn as_text(&self) -> Option<&str> {
        match &self.contents {
            Contents::Text(text) => Some(text),
            Contents::Blob(_) => None,
        }
    }

    /// The bytes of a binary resource.
    pub fn as_blob(&self) -> Option<&[u8]> {
        match &self.contents {
            Contents::Blob(data) => Some(data),
            Contents::Text(_) => None,
        }
    }

    /// The bytes of a binary resource in base64, as MCP carries them.
    pub fn blob_base64(&self) -> Option<String> {
        self.as_blob().map(|data| STANDARD.encode(data))
    }
}

impl fmt::Debug for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let contents = match &self.contents {
            Contents::Text(text) => format!("{} characters of text", text.chars().count()),
            Contents::Blob(data) => format!("{} bytes", data.len()),
        };
        write!(f, "Resource({}, {}, {contents})", self.uri, self.mime_type().unwrap_or("no type"))
    }
}

/// A link to a resource the client may read: its URI and name, and what else is known of it.
///
/// ```
/// use toolc::ResourceLink;
///
/// let log = ResourceLink::new("file:///var/log/build.log", "build.log").with_mime_type("text/plain");
/// assert_eq!(log.name(), "build.log");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResourceLink {
    uri: String,
    name: String,
    title: Option<String>,
    description: Option<String>,
    mime_type: Option<Cow<'static, str>>,
    size: Option<u64>,
}

impl ResourceLink {
    /// A link to the resource at `uri`, called `name`.
    pub fn new(uri: impl Into<String>, name: impl Into<String>) -> Self {
        ResourceLink { uri: uri.into(), name: name.into(), title: None, description: None, mime_type: None, size: None }
    }

    /// Says the resource's title, for people.
    pub fn with_title(mut self, title: impl Into<String>) -> Self {
        self.title = Some(title.into());
        self
    }

    /// Says what the resource is.
    pub fn with_description(mut self, description: impl Into<String>) -> Self {
        self.description = Some(description.into());
        self
    }

    /// Says the resource's MIME type.
    pub fn with_mime_type(mut self, mime_type: impl Into<Cow<'static, str>>) -> Self {
        self.mime_type = Some(mime_type.into());
        self
    }

    /// Says the resource's size in bytes.
    pub fn with_size(mut self, bytes: u64) -> Self {
        self.size = Some(bytes);
        self
    }

    /// The URI.
    pub fn uri(&self) -> &str {
        &self.uri
    }

    /// The name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The title, when given.
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// The description, when given.
    pub fn description(&self) -> Option<&str> {
        self.description.as_deref()
    }

    /// The MIME type, when given.
    pub fn mime_type(&self) -> Option<&str> {
        self.mime_type.as_deref()
    }

    /// The size in bytes, when given.
    pub fn size(&self) -> Option<u64> {
        self.size
    }
}
