//! Media a tool returns as bytes with a MIME type: images, which most providers show the model,
//! and audio, which MCP carries.

use std::borrow::Cow;
use std::fmt;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;

/// An image a tool returns: its bytes and MIME type.
///
/// ```
/// use toolc::Image;
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

/// Audio a tool returns: its bytes and MIME type. MCP carries it as an audio content block; the
/// providers' tool results take no audio, so there the model reads a note that it was left out.
///
/// ```
/// use toolc::Audio;
///
/// let audio = Audio::new("audio/wav", b"RIFF".to_vec());
/// assert_eq!(audio.mime_type(), "audio/wav");
/// assert_eq!(audio.base64(), "UklGRg==");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Audio {
    mime_type: Cow<'static, str>,
    data: Vec<u8>,
}

impl Audio {
    /// Audio of the MIME type `mime_type` (`audio/wav`, `audio/mpeg`, …) made of `data`.
    pub fn new(mime_type: impl Into<Cow<'static, str>>, data: Vec<u8>) -> Self {
        Audio { mime_type: mime_type.into(), data }
    }

    /// The MIME type.
    pub fn mime_type(&self) -> &str {
        &self.mime_type
    }

    /// The bytes.
    pub fn data(&self) -> &[u8] {
        &self.data
    }

    /// The bytes in base64, as MCP carries them.
    pub fn base64(&self) -> String {
        STANDARD.encode(&self.data)
    }
}

impl fmt::Debug for Audio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Audio({}, {} bytes)", self.mime_type, self.data.len())
    }
}
