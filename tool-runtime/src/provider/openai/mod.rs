//! OpenAI: Chat Completions ([`Chat`]) and the Responses API ([`Responses`]), two targets with one
//! lowering (strict mode by default), one tool choice and one set of image rules.
//!
//! - `lower`: the definition as `tools` entries, `response_format` and `text.format`, and the tool
//!   choice, for both;
//! - `chat`, `responses`: each API's wire: calls, streams and replies;
//! - the images, below.

mod chat;
mod lower;
mod responses;

use crate::provider::images::{Accepted, MB};

/// OpenAI Chat Completions.
pub(super) struct Chat;

/// The OpenAI Responses API.
pub(super) struct Responses;

/// OpenAI image inputs: PNG, JPEG, WEBP, non-animated GIF; 50 MB of images a request.
const IMAGES: Accepted = Accepted {
    provider: "OpenAI",
    mime_types: &["image/png", "image/jpeg", "image/webp", "image/gif"],
    max_image_bytes: 50 * MB,
    max_total_bytes: 50 * MB,
};
