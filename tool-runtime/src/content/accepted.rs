//! The images each provider takes in a tool result: their MIME types and sizes, checked before the
//! reply is written, so a tool's image the provider would refuse is an error the model and the
//! developer read instead of the request failing.

use super::ContentPart;
use crate::Target;

/// What one target takes.
struct Accepted {
    provider: &'static str,
    mime_types: &'static [&'static str],
    /// The largest image, in bytes (before base64).
    max_image_bytes: usize,
    /// The most image bytes one reply may carry.
    max_total_bytes: usize,
}

const MB: usize = 1 << 20;

fn accepted(target: Target) -> Accepted {
    match target {
        // Anthropic Messages API: "image/jpeg, image/png, image/gif, image/webp", 5 MB an image.
        Target::Anthropic => Accepted {
            provider: "Anthropic",
            mime_types: &["image/jpeg", "image/png", "image/gif", "image/webp"],
            max_image_bytes: 5 * MB,
            max_total_bytes: 32 * MB,
        },
        // OpenAI image inputs: PNG, JPEG, WEBP, non-animated GIF; 50 MB of images a request.
        Target::OpenAi | Target::OpenAiResponses => Accepted {
            provider: "OpenAI",
            mime_types: &["image/png", "image/jpeg", "image/webp", "image/gif"],
            max_image_bytes: 50 * MB,
            max_total_bytes: 50 * MB,
        },
        // Gemini multimodal function responses: PNG, JPEG, WEBP; inline data up to 20 MB a request.
        Target::Gemini => Accepted {
            provider: "Gemini",
            mime_types: &["image/png", "image/jpeg", "image/webp"],
            max_image_bytes: 20 * MB,
            max_total_bytes: 20 * MB,
        },
        // MCP `ImageContent`: any image MIME type, no size rule.
        Target::Mcp | Target::JsonSchema => {
            Accepted { provider: "MCP", mime_types: &[], max_image_bytes: usize::MAX, max_total_bytes: usize::MAX }
        }
    }
}

/// Why `parts` cannot go to `target`, counting `before` image bytes already in the reply; or the
/// image bytes they add.
pub(crate) fn check(target: Target, parts: &[ContentPart], before: usize) -> Result<usize, String> {
    let accepted = accepted(target);
    let mut total = before;
    for part in parts {
        let ContentPart::Image(image) = part else { continue };
        let mime = image.mime_type();
        let known = if accepted.mime_types.is_empty() {
            mime.starts_with("image/")
        } else {
            accepted.mime_types.contains(&mime)
        };
        if !known {
            let takes = if accepted.mime_types.is_empty() {
                "image/* types".to_owned()
            } else {
                accepted.mime_types.join(", ")
            };
            return Err(format!(
                "it returned an image of type `{mime}`, which {} does not take in a tool result (it takes {takes})",
                accepted.provider
            ));
        }
        let bytes = image.data().len();
        if bytes > accepted.max_image_bytes {
            return Err(format!(
                "it returned an image of {bytes} bytes; {} takes at most {} bytes an image",
                accepted.provider, accepted.max_image_bytes
            ));
        }
        total += bytes;
        if total > accepted.max_total_bytes {
            return Err(format!(
                "its images bring the reply's images to {total} bytes; {} takes at most {} bytes of images a request",
                accepted.provider, accepted.max_total_bytes
            ));
        }
    }
    Ok(total - before)
}
