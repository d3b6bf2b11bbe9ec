//! The images a provider takes in a tool result (each provider states its own [`Accepted`]): their
//! MIME types and sizes, checked before the reply is written, so a tool's image the provider would
//! refuse is an error the model and the developer read instead of the request failing.

use crate::ContentPart;

/// The images one provider takes in a tool result.
pub(crate) struct Accepted {
    /// The provider's name, for messages.
    pub(super) provider: &'static str,
    /// The MIME types it takes; empty for any `image/*` type.
    pub(super) mime_types: &'static [&'static str],
    /// The largest image, in bytes (before base64).
    pub(super) max_image_bytes: usize,
    /// The most image bytes one reply may carry.
    pub(super) max_total_bytes: usize,
}

/// Any image type, any size: MCP's `ImageContent`, and what a target without replies takes.
pub(super) const ANY_IMAGE: Accepted =
    Accepted { provider: "MCP", mime_types: &[], max_image_bytes: usize::MAX, max_total_bytes: usize::MAX };

/// A megabyte, as the providers count image sizes.
pub(super) const MB: usize = 1 << 20;

/// Why `parts` cannot go to a provider that takes what `accepted` says, counting `before` image bytes already in the reply; or the
/// image bytes they add.
pub(super) fn check(accepted: &Accepted, parts: &[ContentPart], before: usize) -> Result<usize, String> {
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
